import Foundation
import Testing
import TaskBoard
@testable import TaskBoardTools

/// `taskboard rooms`: each kiosk's state from its last report, by the
/// server's clock (fixed here), in the daycare's time zone.
struct RoomsTableTests {
    /// Thursday 2026-11-26 10:42:00 in Helsinki (UTC+2).
    let now = Date(timeIntervalSince1970: 1_795_682_520)
    let helsinki = DayCalendar(zoneIdentifier: "Europe/Helsinki")

    func kiosk(_ name: String, waiting: Int = 0, offlineSince: TimeInterval? = nil, stopped: TimeInterval? = nil,
               seen: TimeInterval, shared: TimeInterval? = nil, version: String = "0.35.0") -> KioskStatus {
        KioskStatus(name: name, version: version, waiting: waiting, offlineSince: offlineSince.map { now.addingTimeInterval(-$0) },
                    startedAt: now.addingTimeInterval(-4 * 3600), stoppedAt: stopped.map { now.addingTimeInterval(-$0) },
                    lastSeen: now.addingTimeInterval(-seen), nameSharedAt: shared.map { now.addingTimeInterval(-$0) })
    }

    @Test func theClockIsThursdayMorningInHelsinki() {
        #expect(helsinki.day(of: now).description == "2026-11-26")
        #expect(helsinki.timeOfDay(of: now).description == "10:42")
    }

    @Test func eachStateIsSaidFromTheLastReport() {
        #expect(kiosk("Hall", seen: 12).state(at: now) == .online)
        #expect(kiosk("Hall", seen: KioskStatus.missingAfter - 1).state(at: now) == .online)
        #expect(kiosk("Hall", seen: KioskStatus.missingAfter + 1).state(at: now) == .missing)
        #expect(kiosk("Hall", waiting: 3, offlineSince: 600, seen: 5).state(at: now) == .catchingUp(offlineSince: now.addingTimeInterval(-600)))
        #expect(kiosk("Hall", waiting: 3, offlineSince: 600, seen: 900).state(at: now) == .missing, "a catching-up kiosk not heard from since")
        #expect(kiosk("Hall", stopped: 3600, seen: 3600).state(at: now) == .stopped(at: now.addingTimeInterval(-3600)))
    }

    @Test func theTableListsEveryKioskWithItsStateWaitingLastSeenAndVersion() {
        let table = RoomsTable(KioskRoll(kiosks: [
            kiosk("Hall", seen: 12),
            kiosk("Kitchen", waiting: 2, offlineSince: 62 * 60, seen: 3),
            kiosk("Office", stopped: 18 * 3600 + 37 * 60, seen: 18 * 3600 + 37 * 60, version: "0.34.0"),
            kiosk("Päiväkoti 3", waiting: 11, seen: 22 * 60),
        ], now: now), calendar: helsinki)
        #expect(table.text == """
            Kiosk        State                                  Waiting  Last seen   Version
            Hall         online                                       0  12 s ago    0.35.0
            Kitchen      back, sending changes kept since 9:40        2  3 s ago     0.35.0
            Office       stopped 2026-11-25 16:05                     0  18 h ago    0.34.0
            Päiväkoti 3  not seen lately                             11  22 min ago  0.35.0

            A kiosk not seen lately keeps its waiting changes and sends them when it reaches the server again; switch it on, or check its network.

            """)
    }

    @Test func twoKiosksUnderOneNameAreSaidSo() {
        let text = RoomsTable(KioskRoll(kiosks: [kiosk("raspberrypi", seen: 30, shared: 40)], now: now), calendar: helsinki).text
        #expect(text.contains("Two kiosks report as \"raspberrypi\""))
        #expect(text.contains("--kiosk-name"))
        let long = RoomsTable(KioskRoll(kiosks: [kiosk("raspberrypi", seen: 30, shared: KioskStatus.missingAfter + 1)], now: now), calendar: helsinki).text
        #expect(!long.contains("Two kiosks"), "an old clash is forgotten")
    }

    @Test func noKioskYetIsSaidInWords() {
        #expect(RoomsTable(KioskRoll(kiosks: [], now: now), calendar: helsinki).text.hasPrefix("No kiosk has reported to this database yet"))
    }

    @Test func theJSONParsesWithEveryFieldAndExplicitNulls() throws {
        let data = try RoomsJSON(KioskRoll(kiosks: [kiosk("Hall", seen: 12), kiosk("Kitchen", waiting: 2, offlineSince: 600, seen: 3)], now: now)).data()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["now"] as? String == "2026-11-26T08:42:00Z")
        let kiosks = try #require(document["kiosks"] as? [[String: Any]])
        #expect(kiosks.map { $0["name"] as? String } == ["Hall", "Kitchen"])
        #expect(kiosks.map { $0["state"] as? String } == ["online", "catching-up"])
        #expect(kiosks.map { $0["waiting"] as? Int } == [0, 2])
        #expect(kiosks.map { $0["secondsSinceSeen"] as? Int } == [12, 3])
        #expect(kiosks[0]["offlineSince"] is NSNull)
        #expect(kiosks[0]["stoppedAt"] is NSNull)
        #expect(kiosks[1]["offlineSince"] as? String == "2026-11-26T08:32:00Z")
        #expect(kiosks[0]["nameShared"] as? Bool == false)
        #expect(Set(kiosks[0].keys) == ["name", "state", "waiting", "offlineSince", "lastSeen", "secondsSinceSeen", "startedAt",
                                        "stoppedAt", "version", "nameShared", "login"])
        #expect(kiosks[0]["login"] is NSNull, "the owner's login, shared")
        #expect((document["logins"] as? [Any])?.isEmpty == true)
    }

    /// Issue 43: with kiosks on logins of their own, the table names each
    /// kiosk's login, says which was revoked, and lists logins not seen yet.
    @Test func kiosksOnTheirOwnLoginsAreListedWithThemRevokedOnesSaidSo() throws {
        let made = now.addingTimeInterval(-86400)
        let roll = KioskRoll(kiosks: [kiosk("Hall", waiting: 1, seen: 600), kiosk("Kitchen", seen: 5), kiosk("Office", seen: 20)], now: now, logins: [
            KioskLogin(name: "Hall", login: "taskboard_kiosk_hall", createdAt: made, revokedAt: now.addingTimeInterval(-600)),
            KioskLogin(name: "Kitchen", login: "taskboard_kiosk_kitchen", createdAt: made),
            KioskLogin(name: "Nap room", login: "taskboard_kiosk_nap_room", createdAt: made),
        ])
        #expect(RoomsTable(roll, calendar: helsinki).text == """
            Kiosk     State          Waiting  Last seen   Login                     Version
            Hall      revoked 10:32        1  10 min ago  taskboard_kiosk_hall      0.35.0
            Kitchen   online               0  5 s ago     taskboard_kiosk_kitchen   0.35.0
            Nap room  never seen              never       taskboard_kiosk_nap_room
            Office    online               0  20 s ago    (the owner's)             0.35.0

            A revoked kiosk keeps the changes it had not sent on its own disk; given its login back (taskboard rooms add NAME, the new file copied over, the kiosk restarted), it sends them.

            """)
        let document = try #require(try JSONSerialization.jsonObject(with: try RoomsJSON(roll).data()) as? [String: Any])
        let kiosks = try #require(document["kiosks"] as? [[String: Any]])
        #expect(kiosks.map { $0["state"] as? String } == ["revoked", "online", "online"])
        #expect(kiosks.map { $0["login"] as? String } == ["taskboard_kiosk_hall", "taskboard_kiosk_kitchen", nil])
        let logins = try #require(document["logins"] as? [[String: Any]])
        #expect(logins.map { $0["name"] as? String } == ["Hall", "Kitchen", "Nap room"])
        #expect(logins[0]["revokedAt"] as? String == "2026-11-26T08:32:00Z")
        #expect(logins[1]["revokedAt"] is NSNull)
    }
}
