import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Forgetting a child from the admin side (issue 43): the child's row on
/// Groups, a confirmation that names what goes and that it cannot be
/// undone, then the data read afresh and an undo that says why it cannot.
/// The forgetter here stands in for the data directory's (whose own tests
/// are in TaskBoardToolsTests): it counts what it is asked and deletes the
/// child from the store, as forgetting leaves the roster.
@Suite struct ForgetChildTests {
    /// What the stand-in was asked, in order.
    final class Calls: @unchecked Sendable {
        var previews: [ChildID] = []
        var forgets: [ChildID] = []
    }

    /// Cut off: the stand-in fails after its first step, as a disk that fills up would.
    struct CutOff: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    private func forgetter(_ f: KioskFixture, _ calls: Calls, preview: ForgetPreview? = nil, cutOff: Bool = false) -> ChildForgetter {
        ChildForgetter(
            preview: { id, _ in
                calls.previews.append(id)
                guard let preview else { throw CocoaError(.fileReadCorruptFile) }
                return preview
            },
            forget: { id, daycare in
                calls.forgets.append(id)
                var report = ForgetReport(child: daycare.roster.child(id)?.name ?? "")
                do {
                    // Cut off before the entry goes (the roster is the last step).
                    if cutOff { throw CutOff() }
                    try daycare.perform(.deleteChild(id))
                } catch {
                    report.cutOff = "\(error)"
                }
                return ForgetOutcome(report: report, daycare: try? Daycare(store: f.store, clock: f.clock, pinHasher: PinHasher(iterations: 1_000)))
            })
    }

    private let counted = ForgetPreview(ticks: 34, absences: 2, points: 120, recording: true, dailyBackups: 7, archives: 3)

    /// Logged in, on Groups, the first group open, its first child (Aino) chosen.
    private func onAinosRow(_ f: KioskFixture, _ calls: Calls, _ width: Int = 80, _ height: Int = 24,
                            preview: ForgetPreview? = nil) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: width, height: height),
                                   forgetter: forgetter(f, calls, preview: preview ?? counted))
        runtime.logIn()
        for key: Key in [.tab, .tab, .enter] { runtime.handle(.key(key)) }
        #expect(runtime.state.groups.open != nil)
        return runtime
    }

    @Test(arguments: ["en", "fi"], [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    func theConfirmationNamesWhatGoesAndThatItCannotBeUndone(language: String, size: Size) throws {
        let f = try KioskFixture(language: language)
        let calls = Calls()
        let runtime = try onAinosRow(f, calls, size.width, size.height)
        runtime.handle(.key(.control("f")))
        let screen = lines(runtime).joined(separator: "\n")
        let flat = lines(runtime).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(calls.previews == [f.aino], "what goes is read once, when the confirmation opens")
        let english = language == "en"
        #expect(screen.contains(english ? "Forget for good?" : "Unohdetaanko pysyvästi?"), "\(screen)")
        // Said in full wherever it fits; at 40×12 the names, the counts and the warning still show.
        for words in english ? ["Aino (Squirrels)", "34 ticks", "2 absences", "120 points", "cannot be undone"]
                             : ["Aino (Squirrels)", "34 merkintää", "2 poissaoloa", "120 pistettä", "ei voi kumota"] {
            #expect(flat.contains(words), "\(words) missing at \(size.width)×\(size.height):\n\(screen)")
        }
        if size.width == 80 {
            #expect(flat.contains(english ? "7 daily backups and 3 archives" : "7 päivittäistä varmuuskopiota ja 3 arkistoa"), "\(screen)")
            #expect(flat.contains(english ? "34 ticks and unticks" : "34 merkintää"), "\(screen)")
            #expect(flat.contains(english ? "recording of the name" : "nimen äänite"), "\(screen)")
            #expect(flat.contains(english ? "Enter forgets" : "Enter unohtaa") || flat.contains(english ? "forget" : "unohda"), "\(screen)")
        }
        // Drawing again reads nothing again.
        _ = runtime.render()
        runtime.handle(.key(.down))
        #expect(calls.previews == [f.aino])
    }

    @Test func enterForgetsAndUndoSaysPlainlyThatItCannotBeUndone() throws {
        let f = try KioskFixture()
        let calls = Calls()
        let runtime = try onAinosRow(f, calls)
        runtime.handle(.key(.control("f")))
        var frames: [ScreenBuffer] = []
        runtime.drawNow = { frames.append($0) }
        runtime.handle(.key(.enter))
        #expect(calls.forgets == [f.aino])
        #expect(frames.contains { $0.textLines.joined().contains("Forgetting… (the backups and archives too)") },
                "the wait is said before the work")
        #expect(runtime.daycare.roster.child(f.aino) == nil)
        #expect(runtime.daycare !== f.daycare, "the data read afresh")
        #expect(runtime.state.confirming == nil)
        #expect(lines(runtime).contains { $0.contains("Aino forgotten for good.") }, "\(lines(runtime).joined(separator: "\n"))")
        runtime.handle(.key(.control("z")))
        #expect(runtime.state.notice == .refused(.forgettingCannotBeUndone(child: "Aino")))
        #expect(lines(runtime).contains { $0.contains("Cannot undo: Aino was forgotten; nothing before it can be undone.") },
                "\(lines(runtime).joined(separator: "\n"))")
        #expect(runtime.daycare.roster.child(f.aino) == nil, "and nothing came back")
        // Asked again, it says the same.
        runtime.handle(.key(.control("z")))
        #expect(runtime.state.notice == .refused(.forgettingCannotBeUndone(child: "Aino")))
    }

    @Test func anEarlierDeleteCannotBeUndoneAfterAForgetting() throws {
        let f = try KioskFixture()
        let calls = Calls()
        let runtime = try onAinosRow(f, calls)
        // Eero deleted (undoable), then Aino forgotten: undo must not put back the roster that held Aino.
        runtime.handle(.key(.down))
        runtime.handle(.key(.delete))
        runtime.handle(.key(.enter))
        #expect(runtime.daycare.roster.child(f.eero) == nil)
        runtime.handle(.key(.home))
        runtime.handle(.key(.control("f")))
        runtime.handle(.key(.enter))
        runtime.handle(.key(.control("z")))
        #expect(runtime.state.notice == .refused(.forgettingCannotBeUndone(child: "Aino")), "the delete before is not undone")
        #expect(runtime.daycare.roster.child(f.aino) == nil)
        #expect(runtime.daycare.roster.child(f.eero) == nil)
    }

    @Test func aForgettingCutOffIsSaidAndTheKioskGoesOnWithTheDataAsItIs() throws {
        let f = try KioskFixture()
        let calls = Calls()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 120, height: 24),
                                   forgetter: forgetter(f, calls, preview: counted, cutOff: true))
        runtime.logIn()
        for key: Key in [.tab, .tab, .enter] { runtime.handle(.key(key)) }
        runtime.handle(.key(.control("f")))
        runtime.handle(.key(.enter))
        #expect(runtime.daycare !== f.daycare, "read afresh, as the disk is now")
        #expect(runtime.daycare.roster.child(f.aino) != nil, "the entry goes last: still there")
        #expect(lines(runtime).contains { $0.contains("Forgetting Aino was cut off: the disk is full. Forget again to finish it") },
                "\(lines(runtime).joined(separator: "\n"))")
        #expect(runtime.state.notice?.isProblem == true)
        runtime.handle(.key(.control("z")))
        #expect(runtime.state.notice == .refused(.forgettingCannotBeUndone(child: "Aino")))
    }

    @Test func noArchivesAreNotCounted() throws {
        let f = try KioskFixture()
        let runtime = try onAinosRow(f, Calls(), preview: ForgetPreview(ticks: 1, absences: 0, points: 1, recording: false, dailyBackups: 2, archives: 0))
        runtime.handle(.key(.control("f")))
        let flat = lines(runtime).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(flat.contains("1 tick or untick") && flat.contains("Also from this kiosk's 2 daily backups."), "\(flat)")
        #expect(!flat.contains("0 archives") && !flat.contains("recording"), "\(flat)")
    }

    @Test func aLetterTypedOnTheChildrenGoesToTheNames() throws {
        let f = try KioskFixture()
        let calls = Calls()
        let runtime = try onAinosRow(f, calls)
        runtime.handle(.key(.character("f")))
        #expect(runtime.state.confirming == nil, "f is a letter of a name there; Ctrl-F forgets")
        #expect(calls.previews.isEmpty)
    }

    /// A kiosk on a shared database whose server is out of reach: nothing
    /// begun, said so, and what could be undone before stays.
    @Test func aForgettingRefusedChangesNothingAndSaysWhy() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let refusing = ChildForgetter(preview: { _, _ in self.counted }, forget: { id, daycare in
            ForgetOutcome(report: ForgetReport(child: daycare.roster.child(id)?.name ?? "", refused: "offline since 9:40"), daycare: daycare)
        })
        let shared = FakeSharedStore()
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), shared: shared, forgetter: refusing)
        runtime.logIn()
        for key: Key in [.tab, .tab, .enter] { runtime.handle(.key(key)) }
        runtime.handle(.key(.down))
        runtime.handle(.key(.delete))
        runtime.handle(.key(.enter))
        runtime.handle(.key(.home))
        runtime.handle(.key(.control("f")))
        #expect(runtime.state.confirming == .forgetChild(f.aino), "offered on a shared database too")
        runtime.handle(.key(.enter))
        #expect(lines(runtime).contains { $0.contains("Aino not forgotten: offline since 9:40. Nothing was changed.") },
                "\(lines(runtime).joined(separator: "\n"))")
        #expect(runtime.daycare === f.daycare)
        runtime.handle(.key(.control("z")))
        #expect(runtime.daycare.roster.child(f.eero) != nil, "the delete before can still be undone")
    }

    @Test func aViewerOffersNoForgetting() throws {
        let f = try KioskFixture()
        let calls = Calls()
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), viewerChanges: { _ in [] },
                                   forgetter: forgetter(f, calls))
        #expect(!runtime.snapshot().canForget)
        #expect(calls.previews.isEmpty && calls.forgets.isEmpty)
    }

    @Test func escapeForgetsNothing() throws {
        let f = try KioskFixture()
        let calls = Calls()
        let runtime = try onAinosRow(f, calls)
        runtime.handle(.key(.control("f")))
        runtime.handle(.key(.escape))
        #expect(calls.forgets.isEmpty)
        #expect(runtime.daycare.roster.child(f.aino) != nil)
        #expect(runtime.state.groups.open != nil, "back on the group's children")
    }

    @Test func countsThatCannotBeReadStillSayWhatGoes() throws {
        let f = try KioskFixture()
        let calls = Calls()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24),
                                   forgetter: forgetter(f, calls, preview: nil))
        runtime.logIn()
        for key: Key in [.tab, .tab, .enter] { runtime.handle(.key(key)) }
        runtime.handle(.key(.control("f")))
        let flat = lines(runtime).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(flat.contains("every tick, absence and point go"), "\(flat)")
        #expect(flat.contains("cannot be undone"))
    }

    @Test func withoutAForgetterTheKeyIsNeitherShownNorActs() throws {
        let f = try KioskFixture()
        let runtime = try f.runtime(admin: true)
        for key: Key in [.tab, .tab, .enter] { runtime.handle(.key(key)) }
        #expect(!lines(runtime).joined().contains("forget"))
        runtime.handle(.key(.control("f")))
        #expect(runtime.state.confirming == nil)
        runtime.handle(.key(.character("?")))
        #expect(!lines(runtime).joined().contains("Forget"))
        #expect(runtime.daycare.roster.child(f.aino) != nil)
    }

    @Test func withAForgetterTheHintAndHelpSayIt() throws {
        let f = try KioskFixture()
        let runtime = try onAinosRow(f, Calls(), 120, 30)
        runtime.handle(.key(.character("?")))
        #expect(lines(runtime).joined().contains("Forget a child who has left, for good"), "\(lines(runtime).joined(separator: "\n"))")
    }
}
