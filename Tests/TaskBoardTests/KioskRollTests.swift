import Foundation
import Testing
import TaskBoard

/// A kiosk on a shared database wakes its screen when the kiosks' list it
/// read says something new, and only then: every running kiosk reports
/// once a minute, which alone changes nothing Settings shows.
struct KioskRollTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func kiosk(_ name: String, waiting: Int = 0, seen: TimeInterval = 10, stopped: Bool = false) -> KioskStatus {
        KioskStatus(name: name, version: "0.40.0", waiting: waiting, offlineSince: nil, startedAt: now.addingTimeInterval(-3600),
                    stoppedAt: stopped ? now.addingTimeInterval(-seen) : nil, lastSeen: now.addingTimeInterval(-seen))
    }

    static let before = KioskRoll(kiosks: [kiosk("Hall"), kiosk("Kitchen", seen: 40)], now: now)

    @Test func aReportThatOnlyMovesWhenAKioskWasSeenIsNotNews() {
        var later = Self.before
        later.now = Self.now.addingTimeInterval(30)
        later.kiosks[0].lastSeen = later.now.addingTimeInterval(-2)
        later.kiosks[1].lastSeen = later.now.addingTimeInterval(-50)
        #expect(later.saysTheSame(as: Self.before))
    }

    @Test func aNewKioskAWaitingCountAStopOrALoginIsNews() {
        var added = Self.before
        added.kiosks.append(Self.kiosk("Office"))
        #expect(!added.saysTheSame(as: Self.before))

        var waiting = Self.before
        waiting.kiosks[1].waiting = 3
        #expect(!waiting.saysTheSame(as: Self.before))

        var stopped = Self.before
        stopped.kiosks[0].stoppedAt = Self.now
        #expect(!stopped.saysTheSame(as: Self.before))

        var login = Self.before
        login.logins = [KioskLogin(name: "Hall", login: "taskboard_kiosk_hall", createdAt: Self.now)]
        #expect(!login.saysTheSame(as: Self.before))
    }

    /// Unheard of for three minutes, a kiosk is listed as missing "since"
    /// when it was last seen: the read that finds it so is news.
    @Test func aKioskGoneQuietIsNewsOnceItCountsAsMissing() {
        var later = Self.before
        later.now = Self.now.addingTimeInterval(KioskStatus.missingAfter)
        #expect(later.kiosks[1].state(at: later.now) == .missing)
        #expect(!later.saysTheSame(as: Self.before))
        var laterStill = later
        laterStill.now = later.now.addingTimeInterval(60)
        #expect(laterStill.saysTheSame(as: later), "still missing since the same moment")
    }
}
