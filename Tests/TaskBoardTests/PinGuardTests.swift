import Foundation
import Testing
@testable import TaskBoard

/// A store that writes through to an `InMemoryStore`, remembers every PIN
/// record saved in order, and can fail a chosen save or every load.
private final class PinRecordingStore: BoardStore {
    let inner = InMemoryStore()
    private(set) var savedPins: [PinRecord] = []
    /// The number (from 1) of the `savePin` call that throws, if any.
    var failingSave: Int?
    var failLoads = false
    private var saveCalls = 0

    struct Failure: Error, Equatable {}

    func loadRoster() throws -> Roster? { try inner.loadRoster() }
    func saveRoster(_ roster: Roster) throws { try inner.saveRoster(roster) }
    func loadSettings() throws -> Settings? { try inner.loadSettings() }
    func saveSettings(_ settings: Settings) throws { try inner.saveSettings(settings) }
    func loadAttendance() throws -> Attendance? { try inner.loadAttendance() }
    func saveAttendance(_ attendance: Attendance) throws { try inner.saveAttendance(attendance) }
    func loadPin() throws -> PinRecord? {
        if failLoads { throw Failure() }
        return try inner.loadPin()
    }
    func savePin(_ pin: PinRecord) throws {
        saveCalls += 1
        if saveCalls == failingSave { throw Failure() }
        savedPins.append(pin)
        try inner.savePin(pin)
    }
    func loadMarkSummary() throws -> MarkSummary? { try inner.loadMarkSummary() }
    func saveMarkSummary(_ summary: MarkSummary) throws { try inner.saveMarkSummary(summary) }
    func appendMark(_ event: MarkEvent, on day: Day) throws { try inner.appendMark(event, on: day) }
    func marks(on day: Day) throws -> [MarkEvent] { try inner.marks(on: day) }
    func markJournalLength(on day: Day) throws -> Int { try inner.markJournalLength(on: day) }
    func markJournalDays() throws -> [Day] { try inner.markJournalDays() }
    func makeDailyBackup(on day: Day) throws { try inner.makeDailyBackup(on: day) }
    func removeHistory(journals days: [Day], before first: Day) throws { try inner.removeHistory(journals: days, before: first) }
}

@Suite struct PinGuardTests {
    static let pin = "4829"
    static let otherPin = "7305"
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    let clock: FixedClock
    let store = InMemoryStore()
    let hasher = PinHasher(iterations: 1_000)

    init() { clock = FixedClock(start) }

    func makeGuard(_ store: BoardStore? = nil) throws -> PinGuard {
        try PinGuard(store: store ?? self.store, clock: clock, hasher: hasher)
    }

    func guardWithPin(_ store: BoardStore? = nil) throws -> PinGuard {
        let guarded = try makeGuard(store)
        try guarded.setInitialPin(Self.pin, confirmation: Self.pin)
        return guarded
    }

    /// Wrong PINs until the guard locks; returns the lock's end.
    func failUntilLocked(_ guarded: PinGuard) throws -> Date {
        for triesLeft in stride(from: 4, through: 1, by: -1) {
            #expect(try guarded.attempt("1111") == .wrong(triesLeft: triesLeft))
        }
        guard case .locked(let until) = try guarded.attempt("1111") else {
            Issue.record("not locked after 5 wrong PINs")
            return .distantPast
        }
        return until
    }

    // MARK: Setting

    @Test func startsWithoutAPin() throws {
        let guarded = try makeGuard()
        #expect(!guarded.isSet)
        #expect(guarded.status() == .notSet)
        #expect(throws: TaskBoardError.pinNotSet) { try guarded.attempt(Self.pin) }
        #expect(throws: TaskBoardError.pinNotSet) { try guarded.change(current: Self.pin, to: Self.otherPin, confirmation: Self.otherPin) }
    }

    @Test func setsTheFirstPinOnce() throws {
        let guarded = try makeGuard()
        try guarded.setInitialPin(Self.pin, confirmation: Self.pin)
        #expect(guarded.isSet)
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(store.pin?.hash?.algorithm == "pbkdf2-sha256")
        #expect(store.pin?.hash?.hash != Data(Self.pin.utf8))
        #expect(try guarded.attempt(Self.pin) == .success)
        #expect(throws: TaskBoardError.pinAlreadySet) { try guarded.setInitialPin(Self.otherPin, confirmation: Self.otherPin) }
        #expect(try guarded.attempt(Self.pin) == .success)
    }

    @Test func theFirstPinFollowsThePolicy() throws {
        let guarded = try makeGuard()
        #expect(throws: TaskBoardError.pinTooCommon) { try guarded.setInitialPin("1234", confirmation: "1234") }
        #expect(throws: TaskBoardError.pinNotDigits) { try guarded.setInitialPin("48x9", confirmation: "48x9") }
        #expect(throws: TaskBoardError.pinLength(min: 4, max: 8)) { try guarded.setInitialPin("482", confirmation: "482") }
        #expect(throws: TaskBoardError.pinMismatch) { try guarded.setInitialPin(Self.pin, confirmation: Self.otherPin) }
        #expect(!guarded.isSet)
        #expect(store.pin == nil)
    }

    @Test func anotherGuardSeesThePin() throws {
        _ = try guardWithPin()
        let later = try makeGuard()
        #expect(later.isSet)
        #expect(try later.attempt(Self.pin) == .success)
        #expect(throws: TaskBoardError.pinAlreadySet) { try later.setInitialPin(Self.otherPin, confirmation: Self.otherPin) }
    }

    @Test func anUnreadableRecordIsAnErrorNotNoPin() throws {
        let failing = PinRecordingStore()
        failing.failLoads = true
        #expect(throws: PinRecordingStore.Failure()) { try makeGuard(failing) }
    }

    // MARK: Attempts

    @Test func countsWrongPinsAndForgetsThemOnSuccess() throws {
        let guarded = try guardWithPin()
        #expect(try guarded.attempt("1111") == .wrong(triesLeft: 4))
        #expect(try guarded.attempt("0000") == .wrong(triesLeft: 3))
        #expect(guarded.status() == .ready(triesLeft: 3))
        #expect(store.pin?.failedAttempts == 2)
        #expect(try guarded.attempt(Self.pin) == .success)
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(store.pin?.failedAttempts == 0)
    }

    @Test func inputThatCannotBeAPinIsNotCounted() throws {
        let guarded = try guardWithPin()
        let writes = store.writes["pin"]
        for input in ["", "12", "abcd", "482917365"] {
            #expect(try guarded.attempt(input) == .wrong(triesLeft: 5))
        }
        #expect(store.writes["pin"] == writes)
        #expect(guarded.status() == .ready(triesLeft: 5))
    }

    @Test func locksForAMinuteAfterFiveWrongPins() throws {
        let guarded = try guardWithPin()
        let until = try failUntilLocked(guarded)
        #expect(until == start + 60)
        #expect(guarded.status() == .locked(until: start + 60, remaining: 60))
        #expect(store.pin?.lockedAt == start)
        #expect(store.pin?.lockedUntil == start + 60)
        #expect(store.pin?.lockouts == 1)

        clock.advance(by: 59)
        #expect(guarded.status() == .locked(until: start + 60, remaining: 1))
        #expect(try guarded.attempt(Self.pin) == .locked(until: start + 60))
        clock.advance(by: 1)
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(try guarded.attempt(Self.pin) == .success)
    }

    @Test func lockedAttemptsAreNotCountedOrChecked() throws {
        let guarded = try guardWithPin()
        let until = try failUntilLocked(guarded)
        let lockedRecord = store.pin
        let writes = store.writes["pin"]
        for input in [Self.pin, "1111", ""] {
            #expect(try guarded.attempt(input) == .locked(until: until))
        }
        #expect(store.pin == lockedRecord)
        #expect(store.writes["pin"] == writes)
        // Not checked: a stored hash that cannot be checked is not even looked at.
        store.pin?.hash?.algorithm = "unknown"
        #expect(try guarded.attempt(Self.pin) == .locked(until: until))
    }

    @Test func afterALockoutComeFiveFreshTries() throws {
        let guarded = try guardWithPin()
        _ = try failUntilLocked(guarded)
        clock.advance(by: 60)
        #expect(guarded.status() == .ready(triesLeft: 5))
        for triesLeft in stride(from: 4, through: 1, by: -1) {
            #expect(try guarded.attempt("1111") == .wrong(triesLeft: triesLeft))
        }
        #expect(try guarded.attempt(Self.pin) == .success)
    }

    @Test func lockoutsGrowOneFiveFifteenSixtyMinutesAndStop() throws {
        let guarded = try guardWithPin()
        let minutes: [TimeInterval] = [1, 5, 15, 60, 60, 60]
        for (number, length) in minutes.enumerated() {
            let lockedAt = clock.now()
            let until = try failUntilLocked(guarded)
            #expect(until == lockedAt + length * 60, "lockout \(number + 1)")
            #expect(store.pin?.lockouts == number + 1)
            clock.advance(by: length * 60 - 1)
            #expect(try guarded.attempt(Self.pin) == .locked(until: until))
            clock.advance(by: 1)
        }
        #expect(PinGuard.lockoutDuration(forLockout: 1) == 60)
        #expect(PinGuard.lockoutDuration(forLockout: 4) == 3600)
        #expect(PinGuard.lockoutDuration(forLockout: 99) == 3600)
    }

    @Test func successStartsTheLadderAgain() throws {
        let guarded = try guardWithPin()
        _ = try failUntilLocked(guarded)
        clock.advance(by: 60)
        _ = try failUntilLocked(guarded)
        clock.advance(by: 300)
        #expect(try guarded.attempt(Self.pin) == .success)
        #expect(store.pin?.lockouts == 0)
        #expect(store.pin?.lockedUntil == nil)
        let until = try failUntilLocked(guarded)
        #expect(until == clock.now() + 60)
    }

    // MARK: Restarts and clocks

    @Test func failuresAndLockoutsSurviveARestart() throws {
        let first = try guardWithPin()
        #expect(try first.attempt("1111") == .wrong(triesLeft: 4))
        #expect(try first.attempt("1111") == .wrong(triesLeft: 3))
        let second = try makeGuard()
        #expect(second.status() == .ready(triesLeft: 3))
        #expect(try second.attempt("1111") == .wrong(triesLeft: 2))
        #expect(try second.attempt("1111") == .wrong(triesLeft: 1))
        #expect(try second.attempt("1111") == .locked(until: start + 60))

        let third = try makeGuard()
        #expect(third.status() == .locked(until: start + 60, remaining: 60))
        #expect(try third.attempt(Self.pin) == .locked(until: start + 60))
    }

    @Test func eachCheckReadsTheStoredRecord() throws {
        let kiosk = try guardWithPin()
        #expect(try kiosk.attempt("1111") == .wrong(triesLeft: 4))
        // A second guard on the same store (another kiosk process, the command line).
        let other = try makeGuard()
        #expect(try other.attempt("1111") == .wrong(triesLeft: 3))
        #expect(try kiosk.attempt("1111") == .wrong(triesLeft: 2))
        try other.reset(to: Self.otherPin, confirmation: Self.otherPin)
        #expect(try kiosk.attempt(Self.otherPin) == .success)
        #expect(try kiosk.attempt(Self.pin) == .wrong(triesLeft: 4))
    }

    @Test func aClockMovedBackwardsRestartsTheWait() throws {
        let guarded = try guardWithPin()
        _ = try failUntilLocked(guarded)
        clock.advance(by: 30)
        // The clock jumps an hour back: the lock neither ends nor lasts an hour more.
        let back = start - 3600
        clock.set(back)
        #expect(guarded.status() == .locked(until: back + 60, remaining: 60))
        #expect(try guarded.attempt(Self.pin) == .locked(until: back + 60))
        #expect(store.pin?.lockedAt == back)
        #expect(store.pin?.lockedUntil == back + 60)
        #expect(store.pin?.lockouts == 1)

        clock.advance(by: 59)
        #expect(try guarded.attempt(Self.pin) == .locked(until: back + 60))
        #expect(try makeGuard().status() == .locked(until: back + 60, remaining: 1))
        clock.advance(by: 1)
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(try guarded.attempt(Self.pin) == .success)
    }

    @Test func aClockMovedBackwardsKeepsTheLongerDuration() throws {
        let guarded = try guardWithPin()
        _ = try failUntilLocked(guarded)
        clock.advance(by: 60)
        let until = try failUntilLocked(guarded)
        #expect(until == clock.now() + 300)
        clock.set(start - 86_400)
        #expect(try guarded.attempt(Self.pin) == .locked(until: start - 86_400 + 300))
        // A restart while the clock is still behind does not restart the wait again.
        clock.advance(by: 10)
        #expect(try makeGuard().status() == .locked(until: start - 86_400 + 300, remaining: 290))
    }

    @Test func aClockMovedBackwardsIsSavedOnTheNextAttempt() throws {
        let guarded = try guardWithPin()
        _ = try failUntilLocked(guarded)
        clock.set(start - 600)
        // Without any call in between, a restarted kiosk sees the same restart.
        #expect(try makeGuard().status() == .locked(until: start - 540, remaining: 60))
        #expect(store.pin?.lockedAt == start)
        _ = try guarded.attempt("1111")
        #expect(store.pin?.lockedAt == start - 600)
    }

    // MARK: Saved before the check

    @Test func theFailureIsSavedBeforeTheCheck() throws {
        let recording = PinRecordingStore()
        let guarded = try guardWithPin(recording)
        #expect(recording.savedPins.count == 1)

        // The right PIN: the first save still counts a failure, which can only
        // have been written before the hash said it was right.
        #expect(try guarded.attempt(Self.pin) == .success)
        #expect(recording.savedPins.dropFirst().map(\.failedAttempts) == [1, 0])
        #expect(recording.savedPins.dropFirst().map(\.checksInProgress) == [1, 0])

        // A wrong PIN: counted before the check, then the answer written.
        #expect(try guarded.attempt("1111") == .wrong(triesLeft: 4))
        #expect(recording.savedPins.dropFirst(3).map(\.failedAttempts) == [1, 1])
        #expect(recording.savedPins.dropFirst(3).map(\.checksInProgress) == [1, 0])
    }

    @Test func theFifthWrongTryLocksWhenItsAnswerIsWritten() throws {
        let recording = PinRecordingStore()
        let guarded = try guardWithPin(recording)
        for _ in 1...4 { _ = try guarded.attempt("1111") }
        #expect(try guarded.attempt("1111") == .locked(until: start + 60))
        #expect(recording.savedPins.suffix(2).map(\.lockedUntil) == [nil, start + 60])
        #expect(try makeGuard(recording).attempt(Self.pin) == .locked(until: start + 60))
    }

    /// A power cut (or a kill) while the right PIN was checked leaves the try
    /// counted on disk; the staff must not find a lockout they never earned.
    @Test func aCheckCutShortByTheProgramsDeathIsForgiven() throws {
        let recording = PinRecordingStore()
        let guarded = try guardWithPin(recording)
        for _ in 1...4 { _ = try guarded.attempt("1111") }
        // The fifth try is the right PIN, but the process "dies" before the
        // success is saved (1 set-up save, 2 saves per wrong try, then the count).
        recording.failingSave = 11
        #expect(throws: PinRecordingStore.Failure()) { try guarded.attempt(Self.pin) }
        #expect(recording.inner.pin?.failedAttempts == 5)
        #expect(recording.inner.pin?.checksInProgress == 1)
        #expect(recording.inner.pin?.lockedUntil == nil)
        let restarted = try makeGuard(recording)
        #expect(restarted.status() == .ready(triesLeft: 1))
        #expect(try restarted.attempt(Self.pin) == .success)
        #expect(recording.inner.pin == PinRecord(hash: recording.inner.pin?.hash))
    }

    /// Someone who kills the kiosk during each check to guess for free gets
    /// only `forgivenInterruptions` such checks; after that they count.
    @Test func killingTheProgramToGuessStillCounts() throws {
        let store = InMemoryStore()
        _ = try guardWithPin(store)
        let hash = store.pin?.hash
        store.pin = PinRecord(hash: hash, failedAttempts: 5, checksInProgress: 1, interruptedChecks: PinGuard.forgivenInterruptions)
        #expect(try makeGuard(store).attempt(Self.pin) == .locked(until: start + 60))
        store.pin = PinRecord(hash: hash, failedAttempts: 3, checksInProgress: 1, interruptedChecks: 1)
        #expect(try makeGuard(store).status() == .ready(triesLeft: 3))
        #expect(try makeGuard(store).attempt("1111") == .wrong(triesLeft: 2))
        #expect(store.pin?.interruptedChecks == 2)
    }

    @Test func aCountThatCannotBeSavedIsNotChecked() throws {
        let recording = PinRecordingStore()
        let guarded = try guardWithPin(recording)
        recording.failingSave = 2
        // Even the right PIN is refused: no check happens without the count on disk.
        #expect(throws: PinRecordingStore.Failure()) { try guarded.attempt(Self.pin) }
        #expect(recording.inner.pin?.failedAttempts == 0)
        #expect(try guarded.attempt(Self.pin) == .success)
    }

    @Test func whenTheSuccessCannotBeSavedTheTryIsForgivenAtTheNextCheck() throws {
        let recording = PinRecordingStore()
        let guarded = try guardWithPin(recording)
        recording.failingSave = 3
        #expect(throws: PinRecordingStore.Failure()) { try guarded.attempt(Self.pin) }
        #expect(recording.inner.pin?.failedAttempts == 1)
        #expect(try makeGuard(recording).status() == .ready(triesLeft: 5))
    }

    // MARK: Damaged records

    @Test func anUnknownAlgorithmIsAnErrorAndCostsNoTry() throws {
        var stored = try hasher.hash(Self.pin)
        stored.algorithm = "argon2id"
        store.pin = PinRecord(hash: stored)
        let guarded = try makeGuard()
        #expect(guarded.isSet)
        #expect(throws: PinHashError.unsupportedAlgorithm("argon2id")) { try guarded.attempt(Self.pin) }
        #expect(store.pin?.failedAttempts == 0)
        // The command line can still replace it.
        try guarded.reset(to: Self.otherPin, confirmation: Self.otherPin)
        #expect(try guarded.attempt(Self.otherPin) == .success)
    }

    @Test func aDamagedLockLastsNoLongerThanTheLadder() throws {
        store.pin = PinRecord(
            hash: try hasher.hash(Self.pin), failedAttempts: 0, lockouts: 4,
            lockedAt: start, lockedUntil: .distantFuture
        )
        let guarded = try makeGuard()
        #expect(guarded.status() == .locked(until: start + 3600, remaining: 3600))
        store.pin = PinRecord(hash: try hasher.hash(Self.pin), failedAttempts: 7)
        #expect(try guarded.attempt(Self.pin) == .locked(until: start + 60))
    }

    @Test func anOutdatedHashIsReplacedOnSuccess() throws {
        _ = try guardWithPin()
        let stronger = try PinGuard(store: store, clock: clock, hasher: PinHasher(iterations: 2_000))
        #expect(try stronger.attempt(Self.pin) == .success)
        #expect(store.pin?.hash?.iterations == 2_000)
        #expect(try stronger.attempt(Self.pin) == .success)
        #expect(try makeGuard().attempt(Self.pin) == .success)
    }

    // MARK: Changing and resetting

    @Test func changeNeedsTheCurrentPin() throws {
        let guarded = try guardWithPin()
        #expect(throws: TaskBoardError.wrongPin) { try guarded.change(current: "1111", to: Self.otherPin, confirmation: Self.otherPin) }
        #expect(guarded.status() == .ready(triesLeft: 4))
        try guarded.change(current: Self.pin, to: Self.otherPin, confirmation: Self.otherPin)
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(try guarded.attempt(Self.pin) == .wrong(triesLeft: 4))
        #expect(try guarded.attempt(Self.otherPin) == .success)
    }

    @Test func theNewPinIsCheckedBeforeTheCurrentOne() throws {
        let guarded = try guardWithPin()
        #expect(throws: TaskBoardError.pinTooCommon) { try guarded.change(current: "1111", to: "1234", confirmation: "1234") }
        #expect(throws: TaskBoardError.pinMismatch) { try guarded.change(current: "1111", to: Self.otherPin, confirmation: "7306") }
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(try guarded.attempt(Self.pin) == .success)
    }

    @Test func wrongCurrentPinsLockLikeAttempts() throws {
        let guarded = try guardWithPin()
        for _ in 1...4 {
            #expect(throws: TaskBoardError.wrongPin) { try guarded.change(current: "1111", to: Self.otherPin, confirmation: Self.otherPin) }
        }
        #expect(throws: TaskBoardError.pinLocked(until: start + 60)) {
            try guarded.change(current: "1111", to: Self.otherPin, confirmation: Self.otherPin)
        }
        // While locked even the right current PIN is refused, and not counted.
        let lockedRecord = store.pin
        #expect(throws: TaskBoardError.pinLocked(until: start + 60)) {
            try guarded.change(current: Self.pin, to: Self.otherPin, confirmation: Self.otherPin)
        }
        #expect(store.pin == lockedRecord)
        clock.advance(by: 60)
        try guarded.change(current: Self.pin, to: Self.otherPin, confirmation: Self.otherPin)
        #expect(try guarded.attempt(Self.otherPin) == .success)
    }

    @Test func resetReplacesALockedPinAndTouchesNothingElse() throws {
        var roster = Roster()
        let group = try roster.addGroup(name: "Squirrels", avatar: "🐿")
        _ = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
        let settings = Settings(timeZoneIdentifier: "Europe/Helsinki", language: "fi", idleLogoutMinutes: 5)
        try store.saveRoster(roster)
        try store.saveSettings(settings)
        let guarded = try guardWithPin()
        _ = try failUntilLocked(guarded)
        clock.advance(by: 60)
        _ = try failUntilLocked(guarded)
        let writes = store.writes

        #expect(throws: TaskBoardError.pinTooCommon) { try guarded.reset(to: "0000", confirmation: "0000") }
        #expect(throws: TaskBoardError.pinMismatch) { try guarded.reset(to: Self.otherPin, confirmation: Self.pin) }
        try guarded.reset(to: Self.otherPin, confirmation: Self.otherPin)

        #expect(store.pin?.failedAttempts == 0)
        #expect(store.pin?.lockouts == 0)
        #expect(store.pin?.lockedAt == nil)
        #expect(store.pin?.lockedUntil == nil)
        #expect(guarded.status() == .ready(triesLeft: 5))
        #expect(try guarded.attempt(Self.otherPin) == .success)
        #expect(try guarded.attempt(Self.pin) == .wrong(triesLeft: 4))

        #expect(store.roster == roster)
        #expect(store.settings == settings)
        var expected = writes
        // The reset, the success (counted, then cleared) and the wrong PIN (counted, then answered).
        expected["pin"] = (writes["pin"] ?? 0) + 5
        #expect(store.writes == expected)
    }

    @Test func resetWorksWithoutAPin() throws {
        let guarded = try makeGuard()
        try guarded.reset(to: Self.pin, confirmation: Self.pin)
        #expect(guarded.isSet)
        #expect(try guarded.attempt(Self.pin) == .success)
    }
}
