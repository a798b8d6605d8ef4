import Foundation
import TaskBoard

/// `taskboard rooms`: every kiosk of a shared database, one line each, for
/// the person who looks after them. Times are the daycare's clock (its time
/// zone); "last seen" counts by the server's clock, as the kiosks' reports do.
public struct RoomsTable {
    public let kiosks: [KioskStatus]
    public let now: Date
    public let calendar: DayCalendar

    public init(_ roll: KioskRoll, calendar: DayCalendar) {
        kiosks = roll.kiosks
        now = roll.now
        self.calendar = calendar
    }

    public var text: String {
        guard !kiosks.isEmpty else {
            return "No kiosk has reported to this database yet (a kiosk of taskboard \(TaskBoardVersion.current) or later reports when it starts, and every minute).\n"
        }
        let header = ["Kiosk", "State", "Waiting", "Last seen", "Version"]
        let rows = kiosks.map { kiosk in
            [kiosk.name, state(of: kiosk), "\(kiosk.waiting)", Self.ago(now.timeIntervalSince(kiosk.lastSeen)), kiosk.version]
        }
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
        let waiting = kiosks.filter { $0.state(at: now) == .missing && $0.waiting > 0 }
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
    struct Kiosk: Encodable {
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
            case name, state, waiting, offlineSince, lastSeen, secondsSinceSeen, startedAt, stoppedAt, version, nameShared
        }

        // By hand, so that an absent time is an explicit null.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
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

    public init(_ roll: KioskRoll) {
        let now = roll.now
        self.now = now
        self.kiosks = roll.kiosks.map { kiosk in
            let state = switch kiosk.state(at: now) {
            case .online: "online"
            case .catchingUp: "catching-up"
            case .stopped: "stopped"
            case .missing: "missing"
            }
            return Kiosk(name: kiosk.name, state: state, waiting: kiosk.waiting, offlineSince: kiosk.offlineSince, lastSeen: kiosk.lastSeen,
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
