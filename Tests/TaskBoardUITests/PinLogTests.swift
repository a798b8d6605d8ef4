import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A PIN never reaches the log, even when saving around it fails.
@Suite struct PinLogTests {
    private static let pin = "4829", newPin = "7305"

    private final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    private func kiosk(_ store: FaultyStore, _ lines: Lines) throws -> KioskRuntime {
        let clock = FixedClock(Date(timeIntervalSince1970: 1_795_334_400))
        let daycare = try Daycare(store: store, clock: clock, pinHasher: PinHasher(iterations: 1_000))
        let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/en.json")))
        let screen = KioskScreen(strings: strings, theme: Theme(color: false, unicode: true))
        return KioskRuntime(daycare: daycare, screen: screen, size: Size(width: 80, height: 24), log: { lines.all.append($0) })
    }

    private func type(_ runtime: KioskRuntime, _ text: String) {
        for c in text { runtime.handle(.key(.character(c))) }
        runtime.handle(.key(.enter))
    }

    /// After the PIN: every day open, no group added, logged out.
    private func leaveTheFirstStart(_ runtime: KioskRuntime) {
        for key: Key in [.escape, .escape, .control("l")] { runtime.handle(.key(key)) }
        #expect(runtime.state.side == .child(.tasks))
    }

    private func expectNoPin(_ lines: Lines, _ comment: Comment) {
        #expect(!lines.all.isEmpty, comment)
        for line in lines.all {
            #expect(!line.contains(Self.pin) && !line.contains(Self.newPin), comment)
        }
    }

    @Test func aFailedFirstStartLogsNoPin() throws {
        let store = FaultyStore(), lines = Lines()
        let runtime = try kiosk(store, lines)
        store.failPinWrites = true
        type(runtime, Self.pin)
        type(runtime, Self.pin)
        #expect(lines.all.contains { $0.contains("set the first PIN (not shown)") })
        expectNoPin(lines, "first start")
    }

    @Test func aFailedLoginLogsNoPin() throws {
        let store = FaultyStore(), lines = Lines()
        let runtime = try kiosk(store, lines)
        type(runtime, Self.pin)
        type(runtime, Self.pin)
        leaveTheFirstStart(runtime)
        store.failPinWrites = true
        runtime.logIn(pin: Self.pin)
        #expect(runtime.state.notice == .saveFailed("the disk is full"))
        #expect(lines.all.contains { $0.contains("log in (PIN not shown)") })
        expectNoPin(lines, "login")
    }

    @Test func aFailedPinChangeLogsNoPin() throws {
        let store = FaultyStore(), lines = Lines()
        let runtime = try kiosk(store, lines)
        type(runtime, Self.pin)
        type(runtime, Self.pin)
        leaveTheFirstStart(runtime)
        runtime.logIn(pin: Self.pin)
        #expect(runtime.state.side == .admin(.mark))
        runtime.handle(.key(.backTab))
        #expect(runtime.state.side == .admin(.settings))
        runtime.handle(.key(.enter))
        type(runtime, Self.pin)
        // The current PIN was right (checked first); the new one cannot be written.
        store.failPinWrites = true
        type(runtime, Self.newPin)
        type(runtime, Self.newPin)
        #expect(lines.all.contains { $0.contains("change the PIN (PINs not shown)") })
        expectNoPin(lines, "change")
    }
}
