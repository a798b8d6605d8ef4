import Foundation
import Testing
@testable import TaskBoard
@testable import TaskBoardUI

/// The kiosk's own loop (`KioskRuntime.run`), not `handle`: what an event
/// asks to be said is said after the frame it speaks of is drawn, and a
/// tap through the loop acts on what the frame drew where it landed.
@Suite struct RunLoopTests {
    /// Gives its events one per wait, then is gone; notes each frame with
    /// how many sentences the voice had been handed when it was drawn.
    final class ScriptedTerminal: Terminal {
        let size = Size(width: 80, height: 24)
        let voice: RecordingVoice
        var events: [InputEvent]
        var frames: [(lines: [String], saidBefore: Int)] = []
        /// What passes while the kiosk waits for each event (the clock moved on).
        let waiting: () -> Void

        init(voice: RecordingVoice, events: [InputEvent], waiting: @escaping () -> Void = {}) {
            self.voice = voice
            self.events = events
            self.waiting = waiting
        }

        func draw(_ buffer: ScreenBuffer) { frames.append((lines(buffer), voice.sentences.count)) }
        func nextEvent(timeout: TimeInterval) -> InputEvent? {
            guard !events.isEmpty else { return nil }
            waiting()
            return events.removeFirst()
        }
        var isGone: Bool { events.isEmpty }
    }

    private func readingAloud(_ f: KioskFixture, voice: RecordingVoice) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        var settings = f.daycare.settings
        settings.readAloud = true
        try f.daycare.updateSettings(settings)
        return KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), voice: voice,
                            speechTime: HandMovedSpeechTime().time)
    }

    @Test func aBoardIsDrawnBeforeItIsReadAloud() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice()
        let runtime = try readingAloud(f, voice: voice)
        // Squirrels, then Aino: her board opens and is read.
        let terminal = ScriptedTerminal(voice: voice, events: [.key(.enter), .key(.enter)])
        try runtime.run(on: terminal)
        let said = try #require(voice.sentences.firstIndex { $0.hasPrefix("Aino") }, "\(voice.sentences)")
        let board = try #require(terminal.frames.firstIndex { $0.lines.joined().contains("Brush teeth") })
        #expect(terminal.frames[board].saidBefore <= said, "the board's frame came after its sentence was handed over")
    }

    /// An event is handled with the clock as it is when it comes, not as it
    /// was when the frame before it was drawn: a child's board left alone
    /// goes back to choosing a child at the wake after its minute.
    @Test func anEventAfterALongWaitSeesTheClockAsItIsThen() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice()
        let runtime = try readingAloud(f, voice: voice)
        var waits = 0
        let terminal = ScriptedTerminal(voice: voice, events: [.key(.enter), .key(.enter), .tick(f.clock.now())]) {
            waits += 1
            if waits == 3 { f.clock.advance(by: Kiosk.childSideIdleSeconds + 1) }
        }
        try runtime.run(on: terminal)
        #expect(terminal.frames.contains { $0.lines.joined().contains("Brush teeth") }, "Aino's board was open")
        let last = terminal.frames.last?.lines.joined() ?? ""
        #expect(last.contains("Who are you?") && !last.contains("Brush teeth"), "\(terminal.frames.last?.lines ?? [])")
    }

    @Test func aTapThroughTheLoopOpensTheGroupDrawnThere() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice()
        let runtime = try readingAloud(f, voice: voice)
        // The second group's row, where the first frame drew it.
        let first = runtime.render()
        let target = try #require(first.targets.first { $0.tap == .row(1) }, "the groups are drawn as rows to tap")
        let (x, y) = (target.rect.x, target.rect.y)
        let terminal = ScriptedTerminal(voice: voice, events: [.pointer(Pointer(.press, x: x, y: y)), .pointer(Pointer(.release, x: x, y: y))])
        try runtime.run(on: terminal)
        let group = f.daycare.roster.groups[1]
        #expect(runtime.state.tasks.step == .chooseChild(group.id))
    }

    /// A database already out of reach at the start never changes state,
    /// so no wake comes: the loop looks once before its first wait.
    @Test func aDatabaseOfflineAtTheStartIsSaidWithoutAWake() throws {
        let f = try KioskFixture()
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let offline = Offline(since: Date(timeIntervalSince1970: 1_795_333_320), waiting: 1)
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24),
                                   shared: FakeSharedStore(offline: offline))
        let terminal = ScriptedTerminal(voice: RecordingVoice(), events: [])
        try runtime.run(on: terminal)
        #expect(terminal.frames.last?.lines.joined().contains("Offline since 9:42") == true, "\(terminal.frames.last?.lines ?? [])")
    }
}
