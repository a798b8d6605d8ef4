import Foundation
import TaskBoard

/// Runs the `SpeechLine` against a voice: hands it one sentence at a time,
/// the next when the last has finished, stops it when the line says so,
/// and wakes itself for a name that waits for its pause. Called from the
/// kiosk's thread and the voice's; nothing here waits for speech.
public final class Speaker: Sendable {
    public let voice: Voice
    private let time: SpeechTime
    private let state = Locked(State())
    /// Held from the line's decision to the voice being told, so the voice
    /// hears them in the line's order: else a stop decided for a sentence
    /// could reach the voice before that sentence did, find nothing to stop,
    /// and the line would wait out a whole sentence nobody wanted. Recursive:
    /// a voice that cannot speak says "finished" at once, on this thread.
    private let order = NSRecursiveLock()

    private struct State {
        var line = SpeechLine()
        /// The wake already asked for, so a run of keys does not pile them up.
        var wake: TimeInterval?
        /// The staff's recordings, played in their names' place.
        var recorded = RecordedNames.none
    }

    public init(voice: Voice, time: SpeechTime = .system) {
        self.voice = voice
        self.time = time
    }

    public var availability: VoiceAvailability { voice.availability }

    /// The recordings to play from the next sentence on (the roster or the recordings changed).
    public func use(_ recorded: RecordedNames) {
        state.withLock { $0.recorded = recorded }
    }

    public func say(_ utterance: Utterance) {
        let now = time.now()
        state.withLock { $0.line.add(utterance, at: now) }
        pump()
    }

    /// Ticks taken back: praise for them that still waits is not said.
    public func withdraw(_ ticks: Set<TickKey>) {
        guard !ticks.isEmpty else { return }
        state.withLock { $0.line.withdraw(ticks) }
        pump()
    }

    /// Says nothing more and stops what is being said (read aloud turned off); returns at once.
    public func hush() {
        order.lock()
        defer { order.unlock() }
        if state.withLock({ $0.line.clear() }) == .stop { voice.stop() }
    }

    /// Hushes and waits until the voice has left nothing behind (the kiosk's end).
    public func close() {
        hush()
        voice.waitUntilQuiet()
    }

    /// Waits until everything handed over has been said (tests, the benchmark).
    public func waitUntilQuiet(timeout: TimeInterval = 60) {
        let end = Date().addingTimeInterval(timeout)
        while !state.withLock({ $0.line.isQuiet }), Date() < end { usleep(2_000) }
        voice.waitUntilQuiet()
    }

    private func pump() {
        order.lock()
        defer { order.unlock() }
        let now = time.now()
        let (step, recorded) = state.withLock { state -> (SpeechLine.Step, RecordedNames) in
            (Self.pumpStep(&state, now: now), state.recorded)
        }
        switch step {
        case .speak(let sentence, let turn):
            voice.speak(recorded.attached(to: sentence)) { [weak self] in self?.finished(turn) }
        case .stop:
            voice.stop()
        case .wake(let at):
            time.after(at - now) { [weak self] in self?.pump() }
        case .nothing:
            break
        }
    }

    /// The line's next step; a wake already asked for is not asked again.
    private static func pumpStep(_ state: inout State, now: TimeInterval) -> SpeechLine.Step {
        let step = state.line.next(at: now)
        guard case .wake(let at) = step else { return step }
        if let asked = state.wake, asked <= at, asked > now { return .nothing }
        state.wake = at
        return step
    }

    private func finished(_ turn: Int) {
        state.withLock { $0.line.finished(turn: turn) }
        pump()
    }
}

/// The speaker's clock: seconds that only go forward, and a way to be called
/// back after a while. Tests give their own, moved by hand.
public struct SpeechTime: Sendable {
    public var now: @Sendable () -> TimeInterval
    public var after: @Sendable (TimeInterval, @escaping @Sendable () -> Void) -> Void

    public init(now: @escaping @Sendable () -> TimeInterval, after: @escaping @Sendable (TimeInterval, @escaping @Sendable () -> Void) -> Void) {
        self.now = now
        self.after = after
    }

    public static let system = SpeechTime(now: { ProcessInfo.processInfo.systemUptime }, after: { delay, work in
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay), execute: work)
    })
}
