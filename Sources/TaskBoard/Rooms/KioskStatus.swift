import Foundation

/// What a kiosk on a shared database last said of itself, with when the
/// server heard it (`lastSeen`, by the server's clock, as is `now` below, so
/// that a kiosk whose clock is wrong is not judged by it).
public struct KioskStatus: Sendable, Equatable {
    public var name: String
    public var version: String
    /// Changes made on the kiosk that the server did not have when it reported.
    public var waiting: Int
    /// Set while the kiosk is in the middle of an offline spell: it reached
    /// the server to report, but has not sent what it kept meanwhile yet.
    public var offlineSince: Date?
    public var startedAt: Date
    /// When it last stopped; nil while it runs (or if it stopped without saying so).
    public var stoppedAt: Date?
    public var lastSeen: Date
    /// When another running kiosk last reported under the same name: two
    /// kiosks made from one image both named after the same host.
    public var nameSharedAt: Date?

    public init(name: String, version: String, waiting: Int, offlineSince: Date?, startedAt: Date,
                stoppedAt: Date?, lastSeen: Date, nameSharedAt: Date? = nil) {
        self.name = name
        self.version = version
        self.waiting = waiting
        self.offlineSince = offlineSince
        self.startedAt = startedAt
        self.stoppedAt = stoppedAt
        self.lastSeen = lastSeen
        self.nameSharedAt = nameSharedAt
    }

    /// A running kiosk reports at least this often.
    public static let reportInterval: TimeInterval = 60
    /// Not heard from for this long, a kiosk that did not say it stopped is
    /// taken as gone (switched off, or cut off from the server).
    public static let missingAfter: TimeInterval = 3 * reportInterval

    public enum State: Sendable, Equatable {
        case online
        /// It reached the server, but has changes of an offline spell still to send.
        case catchingUp(offlineSince: Date)
        case stopped(at: Date)
        /// Not heard from since `lastSeen` (it may be off, or offline).
        case missing
    }

    public func state(at now: Date) -> State {
        if let stoppedAt { return .stopped(at: stoppedAt) }
        if now.timeIntervalSince(lastSeen) > Self.missingAfter { return .missing }
        if let offlineSince { return .catchingUp(offlineSince: offlineSince) }
        return .online
    }

    /// Whether two kiosks have lately been reporting under this one name.
    public func nameIsShared(at now: Date) -> Bool {
        guard let nameSharedAt else { return false }
        return now.timeIntervalSince(nameSharedAt) <= Self.missingAfter
    }
}

/// What a kiosk sends of itself (the server adds when it heard it).
public struct KioskReport: Sendable, Equatable {
    public var name: String
    public var version: String
    /// Made once per run: a report under a running kiosk's name from another
    /// run tells the server that two kiosks share the name.
    public var run: UUID
    public var waiting: Int
    public var offlineSince: Date?
    public var startedAt: Date
    public var stopping: Bool

    public init(name: String, version: String = TaskBoardVersion.current, run: UUID, waiting: Int,
                offlineSince: Date?, startedAt: Date, stopping: Bool = false) {
        self.name = name
        self.version = version
        self.run = run
        self.waiting = waiting
        self.offlineSince = offlineSince
        self.startedAt = startedAt
        self.stopping = stopping
    }
}

/// Every kiosk of a shared database as the server last listed them, with
/// the server's clock at that moment (by which their states are judged).
public struct KioskRoll: Sendable, Equatable {
    public var kiosks: [KioskStatus]
    public var now: Date
    /// The kiosks' own logins, revoked ones too (none where every kiosk
    /// shares the owner's login).
    public var logins: [KioskLogin]

    public init(kiosks: [KioskStatus], now: Date, logins: [KioskLogin] = []) {
        self.kiosks = kiosks
        self.now = now
        self.logins = logins
    }

    /// The login a kiosk reports under, by its name.
    public func login(of kiosk: KioskStatus) -> KioskLogin? { logins.first { $0.name == kiosk.name } }

    /// Whether a list of the kiosks drawn from either says the same: the
    /// same kiosks in the same states, with the same changes waiting,
    /// versions and logins. (Every report moves a running kiosk's
    /// `lastSeen`; that alone is not news.)
    public func saysTheSame(as other: KioskRoll) -> Bool {
        guard kiosks.count == other.kiosks.count, logins == other.logins else { return false }
        return zip(kiosks, other.kiosks).allSatisfy { kiosk, another in
            kiosk.name == another.name && kiosk.version == another.version && kiosk.waiting == another.waiting
                && kiosk.state(at: now) == another.state(at: other.now)
                && kiosk.nameIsShared(at: now) == another.nameIsShared(at: other.now)
                && (kiosk.state(at: now) != .missing || kiosk.lastSeen == another.lastSeen)
        }
    }
}

/// A kiosk's own login on a shared database (`taskboard rooms add`): the
/// server signs every change made on it with `name`, and `taskboard rooms
/// revoke` ends it from one place.
public struct KioskLogin: Sendable, Equatable {
    /// The kiosk's name, as `taskboard rooms` lists it.
    public var name: String
    /// The database's role the kiosk logs in as.
    public var login: String
    public var createdAt: Date
    /// When it was revoked; nil while the kiosk may log in.
    public var revokedAt: Date?

    public init(name: String, login: String, createdAt: Date, revokedAt: Date? = nil) {
        self.name = name
        self.login = login
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}
