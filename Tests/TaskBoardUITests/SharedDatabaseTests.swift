import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A kiosk on a shared database: it follows the others' changes and says
/// when the database cannot be reached.
@Suite("A kiosk on a shared database")
struct SharedDatabaseTests {
    private func kiosk(_ fixture: KioskFixture, _ link: FakeSharedStore, width: Int = 80, height: Int = 24) throws -> KioskRuntime {
        try fixture.daycare.pin.setInitialPin("4829", confirmation: "4829")
        return KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: width, height: height), shared: link)
    }

    @Test func offlineTheStatusLineSaysSinceWhenAndHowManyChangesWait() throws {
        let fixture = try KioskFixture()
        let link = FakeSharedStore()
        let runtime = try kiosk(fixture, link)
        runtime.handle(.tick(fixture.clock.now()))
        #expect(!runtime.render().textLines.joined().contains("Offline"))
        // 09:42 in Helsinki.
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 3)
        link.waitingChanges = 3
        runtime.handle(.tick(fixture.clock.now()))
        let lines = runtime.render().textLines
        #expect(lines[22].hasPrefix(" Offline since 9:42: 3 changes waiting. Ticks are kept here"), "\(lines[22])")
        link.offline?.waiting = 1
        link.waitingChanges = 1
        runtime.handle(.tick(fixture.clock.now()))
        #expect(runtime.render().textLines[22].contains(": 1 change waiting."))
        link.offline = nil
        runtime.handle(.tick(fixture.clock.now()))
        #expect(!runtime.render().textLines.joined().contains("Offline"))
    }

    /// Issue 29: a server that has no free connection is said so on the
    /// status line (not as a network fault), in both languages, and in the
    /// log once, not on every tick.
    @Test(arguments: [Language.en, .fi])
    func aFullServerIsSaidAsWhatItIs(_ language: Language) throws {
        let fixture = try KioskFixture(language: language.rawValue)
        let link = FakeSharedStore()
        var logged: [String] = []
        try fixture.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: Size(width: 120, height: 24), log: { logged.append($0) },
                                   shared: link)
        link.waitingChanges = 2
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 2, refusal: .serverFull,
                               reason: "cannot reach db:5432: the server has no room for another connection (sorry, too many clients already)")
        for _ in 0..<3 { runtime.handle(.tick(fixture.clock.now())) }
        let status = runtime.render().textLines[22]
        #expect(status.contains(language == .en ? "Offline since 9:42 (server full): 2 changes waiting."
                                                : "Ei yhteyttä tietokantaan klo 9.42 lähtien (palvelin täynnä)"), "\(status)")
        #expect(logged.filter { $0.hasPrefix("offline:") } == ["offline: " + link.offline!.reason], "\(logged)")
        // A network fault says no cause; back online is logged once too.
        link.offline?.refusal = nil
        runtime.handle(.tick(fixture.clock.now()))
        #expect(!runtime.render().textLines[22].contains("("), "\(runtime.render().textLines[22])")
        link.offline = nil
        runtime.handle(.tick(fixture.clock.now()))
        runtime.handle(.tick(fixture.clock.now()))
        #expect(logged.filter { $0 == "online again" }.count == 1, "\(logged)")
    }

    @Test func offlineATickSaysItIsKeptOnThisScreen() throws {
        let fixture = try KioskFixture()
        let link = FakeSharedStore()
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 0)
        let runtime = try kiosk(fixture, link, width: 120, height: 40)
        runtime.handle(.tick(fixture.clock.now()))
        runtime.logIn()
        runtime.handle(.key(.character(" ")))
        let status = runtime.render().textLines[38]
        #expect(status.contains("Aino: Get dressed done, +1 (kept on this screen until the database is back)"), "\(status)")
        // The count the status line says offline follows the tick at once, with no wake for it.
        link.waitingChanges = 1
        runtime.handle(.key(.right))
        #expect(runtime.state.offline?.waiting == 1)
        // Online again: the same words without the note.
        link.offline = nil
        runtime.handle(.tick(fixture.clock.now()))
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.character(" ")))
        #expect(!runtime.render().textLines[38].contains("kept on this screen"))
    }

    /// A tick that finishes a board offline: the banner must not hide that
    /// it is kept on this screen only. Where the line is short, those words
    /// stay whole at its end and the banner is cut before them.
    @Test(arguments: [Language.en, .fi])
    func offlineTheBannerStillSaysTheTickIsKeptHere(_ language: Language) throws {
        let fixture = try KioskFixture(language: language.rawValue)
        let link = FakeSharedStore()
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 0)
        let runtime = try kiosk(fixture, link)
        runtime.handle(.tick(fixture.clock.now()))
        runtime.logIn()
        runtime.handle(.key(.down))
        runtime.handle(.key(.character(" "))) // Eero's only task
        let status = runtime.render().textLines[22]
        let kept = language == .en ? "(kept on this screen until the database is back)" : "(säilyy tällä näytöllä, kunnes yhteys tietokantaan palaa)"
        #expect(status.hasPrefix("🎉 ") && status.trimmingCharacters(in: .whitespaces).hasSuffix(kept), "\(status)")
        // Online, the short "sending" fits beside the whole banner.
        link.offline = nil
        link.waitingChanges = 1
        runtime.handle(.tick(fixture.clock.now()))
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.character(" ")))
        let sending = runtime.render().textLines[22].trimmingCharacters(in: .whitespaces)
        #expect(sending == (language == .en ? "🎉 Hooray! Eero Äijälä finished every task today! 🎉 (sending…)"
                                             : "🎉 Hurraa! Hienoa! Eero Äijälä teki tänään kaikki tehtävät! 🎉 (lähetetään…)"), "\(sending)")
    }

    /// At 40 columns the whole "kept on this screen until the database is
    /// back" cannot fit beside anything: the short words are said instead,
    /// on the status line and on the banner.
    @Test(arguments: [Language.en, .fi])
    func offlineANarrowScreenSaysTheShortWords(_ language: Language) throws {
        let fixture = try KioskFixture(language: language.rawValue)
        let link = FakeSharedStore()
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 0)
        let runtime = try kiosk(fixture, link, width: 40, height: 12)
        runtime.handle(.tick(fixture.clock.now()))
        runtime.logIn()
        let short = language == .en ? "(kept here)" : "(vain täällä)"
        runtime.handle(.key(.character(" "))) // Aino: Get dressed
        let status = runtime.render().textLines[10]
        // The task's name may still leave the short words cut at the end, but they are the short ones.
        #expect(status.contains(String(short.prefix(7))), "\(status)")
        runtime.handle(.key(.right))          // Eero, one child at a time on a narrow screen
        runtime.handle(.key(.character(" "))) // his only task: the banner
        let banner = runtime.render().textLines[10]
        #expect(banner.hasPrefix("🎉 ") && banner.trimmingCharacters(in: .whitespaces).hasSuffix(short), "\(banner)")
    }

    /// Online, a tick's words confirm only what the server committed.
    @Test func onlineATickSaysSendingUntilTheServerHasIt() throws {
        let f = try KioskFixture()
        let link = FakeSharedStore()
        let runtime = try kiosk(f, link, width: 120, height: 40)
        runtime.logIn()
        link.waitingChanges = 1
        runtime.handle(.key(.character(" ")))
        #expect(runtime.render().textLines[38].contains("Aino: Get dressed done, +1 (sending…)"), "\(runtime.render().textLines[38])")
        link.waitingChanges = 0
        runtime.handle(.tick(f.clock.now()))
        let status = runtime.render().textLines[38]
        #expect(status.contains("Aino: Get dressed done, +1") && !status.contains("sending"), "\(status)")
    }

    /// Another kiosk's change shows when the wait for input ends (the
    /// worker's wake, as a tick): the day it names read again, in the same
    /// daycare; a key never asks the store first.
    @Test func anotherKiosksChangeShowsWhenTheWaitIsWoken() throws {
        let shown = try KioskFixture()
        let link = FakeSharedStore()
        try shown.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: shown.daycare, screen: shown.screen(), size: Size(width: 80, height: 24), newsWakes: { true },
                                   shared: link)
        // The other kiosk: the same store, through a daycare of its own.
        let other = try Daycare(store: shown.store, clock: shown.clock, pinHasher: PinHasher(iterations: 1_000))
        try other.toggle(child: shown.aino, task: shown.tasks[1])
        runtime.handle(.key(.tab))
        #expect(ViewerTests.points(of: "Aino", on: runtime.render()) == "0")
        #expect(link.asked == 0, "a key asked the store for news")
        link.announce([.marks(shown.daycare.today)])
        runtime.handle(.tick(shown.clock.now()))
        #expect(runtime.daycare === shown.daycare, "the same daycare, not one read anew")
        #expect(ViewerTests.points(of: "Aino", on: runtime.render()) == "2")
        // Not a viewer: the Admin tab still asks for the PIN.
        #expect(!runtime.state.viewOnly)

        try other.toggle(child: shown.aino, task: shown.tasks[2])
        link.announce([.marks(shown.daycare.today)])
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 2)
        link.waitingChanges = 2
        let before = link.asked
        runtime.handle(.key(.down))
        #expect(link.asked == before && !link.untaken.isEmpty && runtime.state.offline == nil, "news waits for the wake, not the key")
        runtime.handle(.tick(shown.clock.now()))
        #expect(link.untaken.isEmpty, "taken at the wake")
        #expect(ViewerTests.points(of: "Aino", on: runtime.render()) == "5")
        #expect(runtime.state.offline == link.offline)
    }

    /// A change that cannot be read when it comes (the store fails the
    /// read) is not lost: it is asked again each second until it is read,
    /// and the problem is logged once.
    @Test func aChangeThatCannotBeReadIsReadAgain() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        let link = FakeSharedStore()
        var logged: [String] = []
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24),
                                   log: { logged.append($0) }, newsWakes: { true }, shared: link)
        #expect(runtime.wait > 1)
        var renamed = f.daycare.roster
        try renamed.renameGroup(try #require(renamed.groups.first).id, to: "Hedgehogs")
        try f.store.saveRoster(renamed)
        faulty.failReads = true
        link.announce([.roster])
        runtime.handle(.tick(f.clock.now()))
        faulty.failReads = false
        #expect(!runtime.render().textLines.joined().contains("Hedgehogs"))
        #expect(runtime.wait <= 1, "asked again within a second")
        #expect(logged.filter { $0.hasPrefix("reading what changed elsewhere") }.count == 1, "\(logged)")
        faulty.failReads = true
        runtime.handle(.tick(f.clock.now()))
        faulty.failReads = false
        #expect(logged.filter { $0.hasPrefix("reading what changed elsewhere") }.count == 1, "logged once: \(logged)")
        runtime.handle(.tick(f.clock.now()))
        #expect(runtime.render().textLines.joined().contains("Hedgehogs"), "read at the next look, though nothing was announced again")
        #expect(runtime.wait > 1, "nothing left to ask again")
    }

    /// Where nothing wakes the wait (no pipe could be made), news is looked
    /// for each second, also between keys that come faster than that.
    @Test func withoutAWakeAKeyLooksOnceASecond() throws {
        let f = try KioskFixture()
        let link = FakeSharedStore()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), shared: link)
        runtime.handle(.key(.tab))
        #expect(link.asked == 0)
        f.clock.advance(by: 0.6)
        runtime.handle(.key(.tab))
        #expect(link.asked == 0, "looked within the second")
        f.clock.advance(by: 0.6)
        runtime.handle(.key(.tab))
        #expect(link.asked > 0, "keys 0.6 s apart hid the news")
        #expect(runtime.wait <= 1)
    }

    /// An edit the server has not answered yet: the form closes, the status
    /// line says it is being saved, and no tick is taken back meanwhile (if
    /// the server then refuses it, nothing was lost).
    @Test func anEditTheServerAnswersLateSaysSavingAndTakesNoTickAway() throws {
        let faulty = FaultyStore()
        let f = try KioskFixture(faulty: faulty)
        let link = FakeSharedStore()
        let runtime = try kiosk(f, link, width: 120, height: 40)
        runtime.logIn()
        runtime.handle(.key(.character(" ")))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        faulty.rosterSaveUnderway = true
        #expect(throws: SaveUnderway(.roster)) { try f.daycare.perform(.removeFromBoard(f.tasks[0], child: f.aino)) }
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[0]), "the tick is put back")
        #expect(f.daycare.roster.child(f.aino)?.board.contains(f.tasks[0]) == true)
        // Through the screen: a new group, its form closed, "Saving…".
        while runtime.state.side != .admin(.groups) { runtime.handle(.key(.tab)) }
        for key: Key in [.character("+"), .character("O"), .character("w"), .character("l"), .enter] { runtime.handle(.key(key)) }
        #expect(runtime.state.form == nil)
        #expect(runtime.render().textLines[38].contains("Saving… the database is slow; the change shows when saved."),
                "\(runtime.render().textLines[38])")
        #expect(!f.daycare.roster.groups.contains { $0.name == "Owl" }, "not here until the server has it")
    }

    @Test func whatThisKioskDidStillUndoesAfterAnotherKiosksChange() throws {
        let f = try KioskFixture()
        let link = FakeSharedStore()
        let runtime = try kiosk(f, link, width: 120, height: 40)
        runtime.logIn()
        runtime.handle(.key(.character(" ")))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[0]))
        // Another kiosk ticked Eero: the same store, its day read again.
        let other = try Daycare(store: f.store, clock: f.clock, pinHasher: PinHasher(iterations: 1_000))
        try other.toggle(child: f.eero, task: f.tasks[0])
        link.announce([.marks(f.daycare.today)])
        runtime.handle(.tick(f.clock.now()))
        #expect(try runtime.daycare.isDone(child: f.eero, task: f.tasks[0]), "read again")
        runtime.handle(.key(.control("z")))
        #expect(runtime.render().textLines[38].contains("Undone"), "\(runtime.render().textLines[38])")
        #expect(try !runtime.daycare.isDone(child: f.aino, task: f.tasks[0]))
        #expect(try runtime.daycare.isDone(child: f.eero, task: f.tasks[0]), "the other kiosk's tick stays")
    }
}

/// Issue 43: a kiosk whose own database login was revoked (`taskboard rooms
/// revoke`) says so, in both languages and at a big font's size, shows no
/// board or name, and takes no key or tap; its kept changes are counted.
@Suite("A kiosk removed from the database")
struct RemovedKioskTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]

    @Test(arguments: [Language.en, .fi], sizes)
    func aRevokedKioskSaysItWasRemovedAndTakesNoKeys(_ language: Language, _ size: Size) throws {
        let fixture = try KioskFixture(language: language.rawValue)
        try fixture.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let link = FakeSharedStore(waiting: 2)
        var logged: [String] = []
        let runtime = KioskRuntime(daycare: fixture.daycare, screen: fixture.screen(), size: size, log: { logged.append($0) },
                                   shared: link)
        runtime.handle(.tick(fixture.clock.now()))
        let names = fixture.daycare.roster.children.map(\.name) + fixture.daycare.roster.groups.map(\.name)
        #expect(names.contains { runtime.render().textLines.joined().contains($0) }, "the groups before")
        link.offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 2, refusal: .removed,
                          reason: "cannot reach db:5432: role \"taskboard_kiosk_hall\" is not permitted to log in")
        runtime.handle(.tick(fixture.clock.now()))
        let shown = runtime.render()
        let text = shown.textLines
        print(text.joined(separator: "\n"))
        let words = text.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        switch language {
        case .en:
            #expect(words.contains("This kiosk was removed"))
            #expect(words.contains("ask the person who looks after the machines."))
            #expect(words.contains("2 changes made here are kept on this kiosk."))
        case .fi:
            #expect(words.contains("Kioski on poistettu"))
            #expect(words.contains("Kysy laitteista huolehtivalta henkilöltä."))
            #expect(words.contains("2 täällä tehtyä muutosta on tallessa tässä kioskissa."))
        }
        #expect(!names.contains { words.contains($0) }, "no group's or child's name on a removed kiosk")
        #expect(logged.contains("offline: " + (link.offline?.reason ?? "")))
        // Keys, a tap and a child's every press change nothing; a resize is followed.
        let side = runtime.state.side
        for event: InputEvent in [.key(.tab), .key(.enter), .key(.character("q")), .key(.control("c")), .click(x: 3, y: 1), .key(.backTab)] {
            #expect(runtime.handle(event), "the kiosk goes on")
        }
        #expect(runtime.state.side == side)
        #expect(runtime.render().textLines == text)
        #expect(shown.targets.isEmpty, "nothing to tap")
        runtime.handle(.resize(Size(width: 50, height: 16)))
        #expect(runtime.render().size == Size(width: 50, height: 16))
    }
}
