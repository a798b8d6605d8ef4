import Foundation
import Testing
@testable import TerminalBackend

/// The terminal's wait for a key also ends when its wake descriptor is
/// written: another kiosk's change is drawn when it comes, not on the timer.
@Suite struct InputWaitTests {
    /// A pipe with a non-blocking read end, as `WakeSignal` makes it.
    private final class Pipe: Sendable {
        let read: Int32, write: Int32
        init() throws {
            var ends: [Int32] = [-1, -1]
            guard Glibc.pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            (read, write) = (ends[0], ends[1])
        }
        func send() { var byte: UInt8 = 1; _ = Glibc.write(write, &byte, 1) }
        deinit { close(read); close(write) }
    }

    private func milliseconds(_ body: () -> InputWait.Outcome) -> (InputWait.Outcome, Double) {
        let start = ContinuousClock.now
        let outcome = body()
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return (outcome, Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    @Test func aWrittenWakeEndsATenSecondWaitAtOnceAndIsReadEmpty() throws {
        let input = try Pipe(), wake = try Pipe()
        wake.send()
        wake.send()
        let (outcome, waited) = milliseconds { InputWait.wait(input: input.read, wake: wake.read, milliseconds: 10_000) }
        #expect(outcome == .woken)
        #expect(waited < 1000, "waited \(waited) ms")
        // Both signals were one wake: nothing is left to wake the next wait.
        #expect(InputWait.wait(input: input.read, wake: wake.read, milliseconds: 0) == .timedOut)
    }

    @Test func aWakeFromAnotherThreadEndsTheWaitWhenItComes() throws {
        let input = try Pipe(), wake = try Pipe()
        let sender = Thread { [wake] in
            Thread.sleep(forTimeInterval: 0.05)
            wake.send()
        }
        sender.start()
        let (outcome, waited) = milliseconds { InputWait.wait(input: input.read, wake: wake.read, milliseconds: 10_000) }
        #expect(outcome == .woken)
        #expect(waited >= 40 && waited < 1000, "waited \(waited) ms")
    }

    @Test func aKeyComesBeforeTheWakeAndTheWakeStaysForTheNextWait() throws {
        let input = try Pipe(), wake = try Pipe()
        input.send()
        wake.send()
        #expect(InputWait.wait(input: input.read, wake: wake.read, milliseconds: 10_000) == .input)
        var byte: UInt8 = 0
        _ = read(input.read, &byte, 1)
        #expect(InputWait.wait(input: input.read, wake: wake.read, milliseconds: 10_000) == .woken)
    }

    /// SIGTERM's pipe (`StopSignals`): a stop comes before a key and stays,
    /// so that every later wait ends at once too, without a wake descriptor.
    @Test func aStopComesFirstAndStays() throws {
        let input = try Pipe(), stop = try Pipe()
        input.send()
        stop.send()
        #expect(InputWait.wait(input: input.read, wake: nil, stop: stop.read, milliseconds: 10_000) == .stopRequested)
        let (outcome, waited) = milliseconds { InputWait.wait(input: input.read, wake: nil, stop: stop.read, milliseconds: 10_000) }
        #expect(outcome == .stopRequested)
        #expect(waited < 1000, "waited \(waited) ms")
    }

    /// `ResizeSignal`'s pipe, written from another thread (the one the
    /// kernel gave SIGWINCH to): the wait ends at once, saying to read the
    /// resize without waiting, and the pipe is read empty.
    @Test func aResizeTakenByAnotherThreadEndsTheWaitAsInput() throws {
        let input = try Pipe(), resize = try Pipe()
        let sender = Thread { [resize] in
            Thread.sleep(forTimeInterval: 0.05)
            resize.send()
        }
        sender.start()
        let (outcome, waited) = milliseconds { InputWait.wait(input: input.read, wake: nil, resize: resize.read, milliseconds: 10_000) }
        #expect(outcome == .resized)
        #expect(waited >= 40 && waited < 1000, "waited \(waited) ms")
        #expect(InputWait.wait(input: input.read, wake: nil, resize: resize.read, milliseconds: 0) == .timedOut)
    }

    @Test func withNothingWrittenTheWaitRunsItsTime() throws {
        let input = try Pipe(), wake = try Pipe()
        let (outcome, waited) = milliseconds { InputWait.wait(input: input.read, wake: wake.read, milliseconds: 30) }
        #expect(outcome == .timedOut)
        #expect(waited >= 25, "waited \(waited) ms")
    }
}
