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
}
