import Testing
@testable import TaskBoard

@Suite struct PinPolicyTests {
    @Test(arguments: ["4829", "93817", "205813", "7305182", "20481736", "0472", "1358"])
    func acceptsOrdinaryPins(_ pin: String) throws {
        try PinPolicy.validate(pin)
        try PinPolicy.validate(pin, confirmation: pin)
        #expect(PinPolicy.isWellFormed(pin))
    }

    @Test(arguments: ["", "4", "482", "482917365", "4829173650123"])
    func refusesWrongLengths(_ pin: String) {
        #expect(throws: TaskBoardError.pinLength(min: 4, max: 8)) { try PinPolicy.validate(pin) }
        #expect(!PinPolicy.isWellFormed(pin))
    }

    /// Only ASCII digits: not letters, spaces, signs, or other scripts' digits
    /// (full-width, Arabic-Indic, Devanagari), which `Character.isNumber` would let in.
    @Test(arguments: ["48a9", " 4829", "4829 ", "4829\n", "-4829", "48.29", "４８２９", "٤٨٢٩", "४८२९", "48²9", "abcd"])
    func refusesNonDigits(_ pin: String) {
        #expect(throws: TaskBoardError.pinNotDigits) { try PinPolicy.validate(pin) }
        #expect(!PinPolicy.isWellFormed(pin))
    }

    @Test func nonDigitsAreReportedBeforeLength() {
        #expect(throws: TaskBoardError.pinNotDigits) { try PinPolicy.validate("a") }
        #expect(throws: TaskBoardError.pinNotDigits) { try PinPolicy.validate("123456789x") }
    }

    @Test(arguments: [
        "1234", "0000", "1111", "9999", "1212", "123456", "654321", "4321", "2580", "1004",
        "2000", "6969", "12345678", "111111", "000000", "112233", "121212", "7777", "5555",
        "1122", "0852", "123123", "11223344",
    ])
    func refusesCommonPins(_ pin: String) {
        #expect(PinPolicy.isTooCommon(pin))
        #expect(throws: TaskBoardError.pinTooCommon) { try PinPolicy.validate(pin) }
    }

    @Test func everyDenyListEntryIsAWellFormedPin() {
        for pin in PinPolicy.denyList {
            #expect(PinPolicy.isWellFormed(pin), "\(pin)")
        }
    }

    @Test func refusesEveryAllSameDigitPin() {
        for digit in 0...9 {
            for length in PinPolicy.lengthRange {
                let pin = String(repeating: String(digit), count: length)
                #expect(throws: TaskBoardError.pinTooCommon, "\(pin)") { try PinPolicy.validate(pin) }
            }
        }
    }

    @Test(arguments: ["3456", "01234", "23456789", "7890", "890123", "8765", "98765432", "0987", "3210"])
    func refusesStraightRuns(_ pin: String) {
        #expect(throws: TaskBoardError.pinTooCommon) { try PinPolicy.validate(pin) }
    }

    @Test(arguments: ["1235", "2346", "1357x"])
    func nearRunsAreNotRuns(_ pin: String) {
        #expect(!PinPolicy.isTooCommon(pin))
    }

    @Test func theSecondTypingMustMatch() throws {
        #expect(throws: TaskBoardError.pinMismatch) { try PinPolicy.validate("4829", confirmation: "4828") }
        #expect(throws: TaskBoardError.pinMismatch) { try PinPolicy.validate("4829", confirmation: "") }
        #expect(throws: TaskBoardError.pinMismatch) { try PinPolicy.validate("4829", confirmation: "48290") }
        try PinPolicy.validate("4829", confirmation: "4829")
    }

    @Test func aBadPinIsReportedBeforeAMismatch() {
        #expect(throws: TaskBoardError.pinTooCommon) { try PinPolicy.validate("1234", confirmation: "4829") }
        #expect(throws: TaskBoardError.pinLength(min: 4, max: 8)) { try PinPolicy.validate("48", confirmation: "4829") }
    }
}
