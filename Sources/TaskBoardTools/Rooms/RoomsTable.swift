import Foundation
import TaskBoard

/// `taskboard rooms`: every kiosk of a shared database, one line each, for
/// the person who looks after them. Times are the daycare's clock (its time
/// zone); "last seen" counts by the server's clock, as the kiosks' reports do.
public struct RoomsTable {
    public let kiosks: [KioskStatus]
    public let now: Date
    public let calendar: DayCalendar
    let roll: KioskRoll

    public init(_ roll: KioskRoll, calendar: DayCalendar) {
        kiosks = roll.kiosks
        now = roll.now
        self.calendar = calendar
        self.roll = roll
    }

    public var text: String {
        // Logins made for kiosks that have not reported yet.
        let unseen = roll.logins.filter { login in !kiosks.contains { $0.name == login.name } }
        guard !kiosks.isEmpty || !unseen.isEmpty else {
            return "No kiosk has reported to this database yet (a kiosk of taskboard \(TaskBoardVersion.current) or later reports when it starts, and every minute).\n"
        }
        // The login column only where some kiosk has a login of its own.
        let withLogins = !roll.logins.isEmpty
        func login(_ login: KioskLogin?) -> [String] { withLogins ? [login?.login ?? "(the owner's)"] : [] }
        let header = ["Kiosk", "State", "Waiting", "Last seen"] + (withLogins ? ["Login"] : []) + ["Version"]
        var rows = kiosks.map { kiosk in
            let own = roll.login(of: kiosk)
            return [kiosk.name, own?.revokedAt.map { "revoked \(time($0))" } ?? state(of: kiosk), "\(kiosk.waiting)",
                    Self.ago(now.timeIntervalSince(kiosk.lastSeen))] + login(own) + [kiosk.version]
        }
        rows += unseen.map { [$0.name, $0.revokedAt.map { "revoked \(time($0))" } ?? "never seen", "", "never"] + login($0) + [""] }
        rows.sort { $0[0] < $1[0] }
        let widths = header.indices.map { column in ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        // Waiting is a count: right-aligned.
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                return column == 2 ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        var out = ([header] + rows).map(line).joined(separator: "\n") + "\n"
        for kiosk in kiosks where kiosk.nameIsShared(at: now) {
            out += "\nTwo kiosks report as \"\(kiosk.name)\" (their lines take turns): give each its own name with --kiosk-name or TASKBOARD_KIOSK_NAME.\n"
        }
        let revokedWaiting = kiosks.filter { roll.login(of: $0)?.revokedAt != nil && $0.waiting > 0 }
        if !revokedWaiting.isEmpty {
            out += "\nA revoked kiosk keeps the changes it had not sent on its own disk; given its login back (taskboard rooms add NAME, the new file copied over, the kiosk restarted), it sends them.\n"
        }
        let waiting = kiosks.filter { $0.state(at: now) == .missing && $0.waiting > 0 && roll.login(of: $0)?.revokedAt == nil }
        if !waiting.isEmpty {
            out += "\nA kiosk not seen lately keeps its waiting changes and sends them when it reaches the server again; switch it on, or check its network.\n"
        }
        return out
    }

    func state(of kiosk: KioskStatus) -> String {
        switch kiosk.state(at: now) {
        case .online: "online"
        case .catchingUp(let since): "back, sending changes kept since \(time(since))"
        case .stopped(let at): "stopped \(time(at))"
        case .missing: "not seen lately"
        }
    }

    /// "9:40" today, "2026-11-27 9:40" another day, by the daycare's clock.
    func time(_ date: Date) -> String {
        let clock = calendar.timeOfDay(of: date).description
        let day = calendar.day(of: date)
        return day == calendar.day(of: now) ? clock : "\(day) \(clock)"
    }

    /// "12 s ago", "22 min ago", "3 h ago", "2 days ago".
    static func ago(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds))
        switch whole {
        case ..<60: return "\(whole) s ago"
        case ..<3600: return "\(whole / 60) min ago"
        case ..<(2 * 86400): return "\(whole / 3600) h ago"
        default: return "\(whole / 86400) days ago"
        }
    }
}

/// `taskboard rooms --json`: the same for scripts and monitoring, keys
/// sorted, times in ISO 8601 (UTC), `state` one of online, catching-up,
/// stopped, missing.
public struct RoomsJSON: Encodable {
    struct Login: Encodable {
        let name: String
        let login: String
        let createdAt: Date
        let revokedAt: Date?

        private enum CodingKeys: String, CodingKey { case name, login, createdAt, revokedAt }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(login, forKey: .login)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(revokedAt, forKey: .revokedAt)
        }
    }

    struct Kiosk: Encodable {
        let login: String?
        let name: String
        let state: String
        let waiting: Int
        let offlineSince: Date?
        let lastSeen: Date
        let secondsSinceSeen: Int
        let startedAt: Date
        let stoppedAt: Date?
        let version: String
        let nameShared: Bool

        private enum CodingKeys: String, CodingKey {
            case login, name, state, waiting, offlineSince, lastSeen, secondsSinceSeen, startedAt, stoppedAt, version, nameShared
        }

        // By hand, so that an absent time is an explicit null.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(login, forKey: .login)
            try container.encode(name, forKey: .name)
            try container.encode(state, forKey: .state)
            try container.encode(waiting, forKey: .waiting)
            try container.encode(offlineSince, forKey: .offlineSince)
            try container.encode(lastSeen, forKey: .lastSeen)
            try container.encode(secondsSinceSeen, forKey: .secondsSinceSeen)
            try container.encode(startedAt, forKey: .startedAt)
            try container.encode(stoppedAt, forKey: .stoppedAt)
            try container.encode(version, forKey: .version)
            try container.encode(nameShared, forKey: .nameShared)
        }
    }

    let now: Date
    let kiosks: [Kiosk]
    let logins: [Login]

    public init(_ roll: KioskRoll) {
        let now = roll.now
        self.now = now
        logins = roll.logins.map { Login(name: $0.name, login: $0.login, createdAt: $0.createdAt, revokedAt: $0.revokedAt) }
        self.kiosks = roll.kiosks.map { kiosk in
            let own = roll.login(of: kiosk)
            let state = switch kiosk.state(at: now) {
            case _ where own?.revokedAt != nil: "revoked"
            case .online: "online"
            case .catchingUp: "catching-up"
            case .stopped: "stopped"
            case .missing: "missing"
            }
            return Kiosk(login: own?.login, name: kiosk.name, state: state, waiting: kiosk.waiting, offlineSince: kiosk.offlineSince, lastSeen: kiosk.lastSeen,
                         secondsSinceSeen: max(0, Int(now.timeIntervalSince(kiosk.lastSeen))), startedAt: kiosk.startedAt,
                         stoppedAt: kiosk.stoppedAt, version: kiosk.version, nameShared: kiosk.nameIsShared(at: now))
        }
    }

    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
