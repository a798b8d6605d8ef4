/// What an admin PIN may be: 4 to 8 ASCII digits, not one of the PINs
/// everybody tries first, and typed the same twice when it is set.
///
/// The deny list is short on purpose: it takes away the guesses a child (or
/// anyone) makes first, not a meaningful share of the PIN space.
public enum PinPolicy {
    public static let lengthRange = 4...8

    /// The most common PINs in leaked PIN lists, plus keypad patterns
    /// (2580 is the middle column, 0852 the same upwards). All-same-digit
    /// PINs and straight runs are refused by rule, not listed here.
    public static let denyList: Set<String> = [
        // 4 digits
        "1212", "1004", "2000", "6969", "1122", "1313", "2001", "1010", "2121",
        "1221", "2580", "0852", "1470", "0741", "3690", "0963", "1357", "2468",
        "1379", "1397", "7410", "1590", "1230", "1231", "1225", "1969", "1987",
        // 6 digits
        "123123", "121212", "112233", "123321", "696969", "159753", "147258",
        "789456", "102030", "101010", "007007", "131313", "520520", "852456",
        // 7 and 8 digits
        "11223344", "12121212", "12341234", "12344321", "11112222", "1234321",
    ]

    /// Refuses a PIN that is not 4 to 8 ASCII digits or is too easy to guess.
    public static func validate(_ pin: String) throws(TaskBoardError) {
        guard pin.unicodeScalars.allSatisfy(isASCIIDigit) else { throw .pinNotDigits }
        guard lengthRange.contains(pin.unicodeScalars.count) else {
            throw .pinLength(min: lengthRange.lowerBound, max: lengthRange.upperBound)
        }
        if isTooCommon(pin) { throw .pinTooCommon }
    }

    /// For setting or changing the PIN: the new PIN must be valid, and the
    /// second typing must match the first.
    public static func validate(_ pin: String, confirmation: String) throws(TaskBoardError) {
        try validate(pin)
        guard pin == confirmation else { throw .pinMismatch }
    }

    /// Whether a PIN has the length and characters a PIN can have at all.
    /// Anything else cannot be the admin PIN, so it need not be checked.
    public static func isWellFormed(_ pin: String) -> Bool {
        pin.unicodeScalars.allSatisfy(isASCIIDigit) && lengthRange.contains(pin.unicodeScalars.count)
    }

    /// On the deny list, all one digit (7777), or a straight run up or down
    /// (3456, 8765, with 0 after 9 as on a keyboard: 7890, 0987).
    public static func isTooCommon(_ pin: String) -> Bool {
        if denyList.contains(pin) { return true }
        let digits = pin.unicodeScalars.compactMap { scalar -> Int? in
            isASCIIDigit(scalar) ? Int(scalar.value) - 48 : nil
        }
        guard digits.count >= 2, digits.count == pin.unicodeScalars.count else { return false }
        let steps = Set(zip(digits, digits.dropFirst()).map { ($1 - $0 + 10) % 10 })
        // One step throughout: 0 is one digit repeated, 1 a run up, 9 a run down.
        return steps.count == 1 && [0, 1, 9].contains(steps.first ?? -1)
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
