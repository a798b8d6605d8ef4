import Foundation

/// The kiosk's settings, kept apart from the roster because they change for
/// other reasons (the machine, not the daycare).
public struct Settings: Codable, Equatable, Sendable {
    public static let idleLogoutRange = 1...60

    /// An IANA zone name ("Europe/Helsinki"); nil means the system's zone.
    public var timeZoneIdentifier: String?
    /// "fi" or "en"; nil means "from LANG".
    public var language: String?
    public var idleLogoutMinutes: Int

    public init(timeZoneIdentifier: String? = nil, language: String? = nil, idleLogoutMinutes: Int = 2) {
        self.timeZoneIdentifier = timeZoneIdentifier
        self.language = language
        self.idleLogoutMinutes = idleLogoutMinutes
    }

    public var timeZone: TimeZone {
        timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? .current
    }

    /// The zone a person means by what they typed: an IANA name in any case
    /// ("europe/helsinki"), or just its city ("Helsinki", "new york") when
    /// exactly one zone has it. Nil when none (or several) match.
    public static func timeZoneIdentifier(for typed: String) -> String? {
        let text = typed.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "_")
        guard !text.isEmpty else { return nil }
        let known = TimeZone.knownTimeZoneIdentifiers
        if let exact = known.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) { return exact }
        let cities = known.filter { $0.split(separator: "/").last.map { String($0).caseInsensitiveCompare(text) == .orderedSame } ?? false }
        return cities.count == 1 ? cities[0] : nil
    }
}
