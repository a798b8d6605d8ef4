import Foundation
import TaskBoard

/// The grown-up check in front of the PIN field: a number written out in
/// words ("three hundred forty-seven") whose digits must be typed. An adult
/// answers at a glance; a child who cannot read, pressing digits and Enter,
/// passes about once in 900 tries, and each wrong answer makes the next one
/// wait a little longer. Nothing here is stored or counted toward the PIN
/// lockout, so a child can never lock the staff out; only a PIN typed after
/// a passed check is counted.
public struct AdultCheck: Equatable, Sendable {
    /// The numbers asked: three digits, so that random typing rarely hits one.
    public static let numbers = 100...999
    /// Seconds to wait after the 1st, 2nd, ... wrong answer in a row; the
    /// last one holds after that.
    public static let waits: [TimeInterval] = [1, 2, 3, 5]

    /// The number to type.
    public private(set) var number: Int
    public var field = TextField(maxLength: 3)
    /// Wrong answers since the last right one.
    public private(set) var wrongInARow = 0
    /// Keys are not taken before this time (after a wrong answer), in
    /// seconds on the clock that only moves forward.
    public private(set) var waitUntil: TimeInterval?
    /// Where the next number comes from: a value, so tests are repeatable.
    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        number = Self.numbers.lowerBound
        number = nextNumber()
    }

    public func isWaiting(at now: TimeInterval) -> Bool {
        guard let waitUntil else { return false }
        return now < waitUntil
    }

    /// Checks the typed answer. Right: true. Wrong: a new number, and a wait
    /// before the next try.
    public mutating func answer(at now: TimeInterval) -> Bool {
        let right = field.text == String(number)
        field = TextField(maxLength: 3)
        if right {
            wrongInARow = 0
            waitUntil = nil
            return true
        }
        wrongInARow += 1
        waitUntil = now + Self.waits[min(wrongInARow, Self.waits.count) - 1]
        number = nextNumber()
        return false
    }

    /// A new number (after a wrong PIN, or when the tab is left): what was
    /// typed goes, the wait stays.
    public mutating func renew() {
        field = TextField(maxLength: 3)
        number = nextNumber()
    }

    private mutating func nextNumber() -> Int {
        var next: Int
        repeat {
            next = Self.numbers.lowerBound + Int(random.next() % UInt64(Self.numbers.count))
        } while next == number
        return next
    }
}
