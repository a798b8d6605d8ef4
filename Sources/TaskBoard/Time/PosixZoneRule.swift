/// A POSIX TZ rule, as the footer of a TZif file gives the years after its
/// last listed change: "EET-2EEST,M3.5.0/3,M10.5.0/4" is two hours east of
/// UTC, three in summer, from the last Sunday of March at 03:00 to the last
/// Sunday of October at 04:00 local time. The time of a change may run from
/// -167 to 167 hours (RFC 8536's extension), so a rule can also say "summer
/// all year"; an offset stays within 24 hours.
struct PosixZoneRule: Sendable, Equatable {
    /// Seconds east of UTC outside summer time, and in it.
    let standardOffset: Int
    let summer: Summer?

    struct Summer: Sendable, Equatable {
        let offset: Int
        let start: Change
        let end: Change
    }

    /// A day of the year and a local time on it.
    struct Change: Sendable, Equatable {
        enum When: Sendable, Equatable {
            /// Jn: day 1...365, February 29 never counted.
            case julian(Int)
            /// n: day 0...365, February 29 counted.
            case zeroBased(Int)
            /// Mm.w.d: weekday d (0 Sunday) of week w (5 the last) of month m.
            case weekday(month: Int, week: Int, day: Int)
        }

        let date: When
        /// Seconds after local midnight (by the offset in force before the change).
        let time: Int

        /// The change in `year`, in seconds since 1970 UTC, `offset` being in force before it.
        func moment(in year: Int, offset: Int) -> Int {
            let days: Int
            switch date {
            case .julian(let n):
                let leapDay = Day.daysIn(month: 2, year: year) == 29 && n >= 60 ? 1 : 0
                days = (Day(year: year, month: 1, day: 1)?.number ?? 0) + n - 1 + leapDay
            case .zeroBased(let n):
                days = (Day(year: year, month: 1, day: 1)?.number ?? 0) + n
            case .weekday(let month, let week, let weekday):
                let first = Day(year: year, month: month, day: 1) ?? Day(number: 0)
                // Day's weekdays run Monday 1 to Sunday 7; POSIX's Sunday 0 to Saturday 6.
                var day = first.number + (weekday - first.weekday % 7 + 7) % 7 + (week - 1) * 7
                let next = month == 12 ? Day(year: year + 1, month: 1, day: 1) : Day(year: year, month: month + 1, day: 1)
                while day >= next?.number ?? Int.max { day -= 7 }
                days = day
            }
            return Day(number: days).firstSecond + time - offset
        }
    }

    /// The offset in force at `second` (since 1970 UTC).
    func offset(at second: Int) -> Int {
        guard let summer else { return standardOffset }
        // The year as the standard clock shows it; a rule's changes fall in that year.
        let year = Day(second: second + standardOffset).year
        let start = summer.start.moment(in: year, offset: standardOffset)
        let end = summer.end.moment(in: year, offset: summer.offset)
        let inSummer = start < end ? (start <= second && second < end) : !(end <= second && second < start)
        return inSummer ? summer.offset : standardOffset
    }

    init(standardOffset: Int, summer: Summer?) {
        self.standardOffset = standardOffset
        self.summer = summer
    }

    /// Reads a rule; nil for text that is not one.
    init?(_ text: String) {
        var scanner = RuleScanner(bytes: Array(text.utf8))
        guard scanner.name(), let standardWest = scanner.time(maxHours: 24) else { return nil }
        if scanner.atEnd {
            self.init(standardOffset: -standardWest, summer: nil)
            return
        }
        guard scanner.name() else { return nil }
        // Summer time is an hour ahead unless the rule says otherwise.
        var summerWest = standardWest - 3600
        if !scanner.atEnd && scanner.peek != UInt8(ascii: ",") {
            guard let west = scanner.time(maxHours: 24) else { return nil }
            summerWest = west
        }
        // TZif footers always name the changes; POSIX leaves a rule without them to each system.
        guard scanner.take(","), let start = scanner.change(), scanner.take(","), let end = scanner.change(), scanner.atEnd else { return nil }
        self.init(standardOffset: -standardWest, summer: Summer(offset: -summerWest, start: start, end: end))
    }
}

/// Reads the parts of a POSIX TZ rule.
private struct RuleScanner {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func take(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek == ascii else { return false }
        position += 1
        return true
    }

    /// "EET", or "<+03>" quoted: three or more characters.
    mutating func name() -> Bool {
        if take("<") {
            let start = position
            while let byte = peek, byte != UInt8(ascii: ">") { position += 1 }
            guard position - start >= 3, take(">") else { return false }
            return true
        }
        let start = position
        while let byte = peek, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { position += 1 }
        return position - start >= 3
    }

    /// [+|-]hh[:mm[:ss]] in seconds: an offset (up to 24 hours) or the time of a change (up to 167).
    mutating func time(maxHours: Int) -> Int? {
        var negative = false
        if take("-") { negative = true } else { _ = take("+") }
        guard let hours = number(), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let more = number(), more < 60 else { return nil }
                seconds += more
            }
        }
        return negative ? -seconds : seconds
    }

    /// Jn, n or Mm.w.d, then an optional /time (02:00 if none).
    mutating func change() -> PosixZoneRule.Change? {
        let date: PosixZoneRule.Change.When
        if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            date = .julian(n)
        } else if take("M") {
            guard let month = number(), (1...12).contains(month), take("."), let week = number(), (1...5).contains(week),
                  take("."), let day = number(), (0...6).contains(day) else { return nil }
            date = .weekday(month: month, week: week, day: day)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            date = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let given = self.time(maxHours: 167) else { return nil }
            time = given
        }
        return PosixZoneRule.Change(date: date, time: time)
    }

    /// Up to three decimal digits.
    mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 3 {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        return digits == 0 ? nil : value
    }
}
