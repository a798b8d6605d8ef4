import Foundation
import Testing
@testable import TaskBoard

/// The offsets `ZoneRules` reads from the system's time zone database, checked
/// against zdump (the C library's reading of the same files) in every zone,
/// and the footer rules against offsets worked out by hand.
@Suite struct ZoneRulesTests {
    private static let zdump = "/usr/bin/zdump"

    /// Seconds since 1970 of a UTC date and time.
    private static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int {
        (Day(year: year, month: month, day: day)?.number ?? 0) * 86_400 + hour * 3600 + minute * 60 + second
    }

    @Test func everyZoneHasZdumpsOffsetAtEachChangeFrom1970To2060() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.zdump), "zdump is missing (apt-get install libc-bin)")
        let zones = TimeZone.knownTimeZoneIdentifiers.filter { ZoneRules.system($0) != nil }
        // Every zone Foundation knows is in the system's database, but a name or two may differ between their versions.
        #expect(zones.count > TimeZone.knownTimeZoneIdentifiers.count - 10, "tzdata is missing (apt-get install tzdata)")
        let output = try Self.run(Self.zdump, ["-v", "-c", "1970,2060"] + zones)
        var checked = 0
        var wrong: [String] = []
        // "Europe/Helsinki  Sun Mar 25 00:59:59 2001 UT = Sun Mar 25 02:59:59 2001 EET isdst=0 gmtoff=7200"
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 15, parts[6] == "UT", let last = parts.last, last.hasPrefix("gmtoff="),
                  let offset = Int(last.dropFirst(7)), let rules = ZoneRules.system(String(parts[0])),
                  let moment = Self.moment(month: parts[2], day: parts[3], time: parts[4], year: parts[5]) else { continue }
            checked += 1
            if rules.offset(at: moment) != offset { wrong.append("\(parts[0]) at \(moment): \(rules.offset(at: moment)), zdump says \(offset)") }
        }
        #expect(checked > 50_000)
        #expect(wrong.isEmpty, "\(wrong.count) of \(checked): \(wrong.prefix(10))")
    }

    @Test func everyZoneHasFoundationsOffsetsIn2020() throws {
        // zdump lists changes only; a zone without one since 1970 (Asia/Kolkata, Etc/GMT+2) is checked here.
        // 2020 is long enough ago that no tzdata release since has changed it.
        var wrong: [String] = []
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let rules = ZoneRules.system(identifier), let zone = TimeZone(identifier: identifier) else { continue }
            for moment in [Self.utc(2020, 1, 15), Self.utc(2020, 7, 15)] where rules.offset(at: moment) != zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment))) {
                wrong.append("\(identifier) at \(moment)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func theSystemsOwnZoneIsLocaltimeUnlessTZIsSet() throws {
        let helsinki = "/usr/share/zoneinfo/Europe/Helsinki"
        #expect(ZoneRules.local(tz: nil, localtime: helsinki) == ZoneRules.system("Europe/Helsinki"))
        #expect(ZoneRules.local(tz: nil, localtime: helsinki) != nil)
        // Foundation and the C library read TZ differently: then TimeZone.current decides.
        #expect(ZoneRules.local(tz: "Europe/Helsinki", localtime: helsinki) == nil)
        #expect(ZoneRules.local(tz: "", localtime: helsinki) == nil)
        #expect(ZoneRules.local(tz: nil, localtime: "/nonexistent/localtime") == nil)
    }

    @Test func theSystemsOwnZoneHasTheOffsetsFoundationFindsForIt() throws {
        let local = try #require(ZoneRules.local, "no /etc/localtime (apt-get install tzdata), or TZ is set")
        let zone = TimeZone.current
        var moments = Array(stride(from: Self.utc(2000, 1, 1), to: Self.utc(2040, 1, 1), by: 97 * 86_400 + 3_917))
        var change = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(Self.utc(2000, 1, 1))))
        while let moment = change, moment.timeIntervalSince1970 < TimeInterval(Self.utc(2040, 1, 1)) {
            moments += [Int(moment.timeIntervalSince1970) - 1, Int(moment.timeIntervalSince1970)]
            change = zone.nextDaylightSavingTimeTransition(after: moment)
        }
        for moment in moments {
            #expect(local.offset(at: moment) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment))), "at \(moment) in \(zone.identifier)")
        }
        #expect(DayCalendar(zoneIdentifier: nil).timeZone == .current)
    }

    @Test func helsinkisRuleChangesOnTheLastSundaysOfMarchAndOctober() throws {
        let rule = try #require(PosixZoneRule("EET-2EEST,M3.5.0/3,M10.5.0/4"))
        // 2031: March 30 and October 26 are the last Sundays; 03:00 EET is 01:00 UTC, 04:00 EEST is 01:00 UTC.
        #expect(rule.offset(at: Self.utc(2031, 3, 30, 0, 59, 59)) == 7200)
        #expect(rule.offset(at: Self.utc(2031, 3, 30, 1)) == 10800)
        #expect(rule.offset(at: Self.utc(2031, 10, 26, 0, 59, 59)) == 10800)
        #expect(rule.offset(at: Self.utc(2031, 10, 26, 1)) == 7200)
        #expect(rule.offset(at: Self.utc(2031, 1, 1)) == 7200)
        #expect(rule.offset(at: Self.utc(2031, 7, 1)) == 10800)
    }

    @Test func aSouthernRuleHasSummerOverTheNewYear() throws {
        // Sydney: from the first Sunday of October 02:00 to the first Sunday of April 03:00.
        let rule = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(rule.offset(at: Self.utc(2033, 1, 15)) == 39600)
        #expect(rule.offset(at: Self.utc(2033, 7, 15)) == 36000)
        #expect(rule.offset(at: Self.utc(2033, 12, 31, 23)) == 39600)
        // 2033-04-03 is the first Sunday of April: 03:00 AEDT is 16:00 UTC the day before.
        #expect(rule.offset(at: Self.utc(2033, 4, 2, 15, 59, 59)) == 39600)
        #expect(rule.offset(at: Self.utc(2033, 4, 2, 16)) == 36000)
        // 2033-10-02 is the first Sunday of October: 02:00 AEST is 16:00 UTC the day before.
        #expect(rule.offset(at: Self.utc(2033, 10, 1, 15, 59, 59)) == 36000)
        #expect(rule.offset(at: Self.utc(2033, 10, 1, 16)) == 39600)
    }

    @Test func quotedNamesJulianDaysAndSummerAllYear() throws {
        #expect(PosixZoneRule("<-03>3") == PosixZoneRule(standardOffset: -10800, summer: nil))
        #expect(PosixZoneRule("<+0330>-3:30")?.offset(at: 0) == 12600)
        #expect(PosixZoneRule("UTC0")?.offset(at: Self.utc(2040, 6, 1)) == 0)
        // Summer all year: from January 1 00:00 to December 31 25:00.
        let always = try #require(PosixZoneRule("EST5EDT,0/0,J365/25"))
        for moment in [Self.utc(2035, 1, 1, 5), Self.utc(2035, 6, 1), Self.utc(2035, 12, 31, 23), Self.utc(2036, 12, 31, 12)] {
            #expect(always.offset(at: moment) == -14400)
        }
        // J60 is March 1 in every year; 59 (zero-based) is February 29 in a leap year.
        let julian = try #require(PosixZoneRule("AAA0BBB,J60/0,J61/0"))
        #expect(julian.offset(at: Self.utc(2036, 3, 1, 12)) == 3600)
        #expect(julian.offset(at: Self.utc(2036, 2, 29, 12)) == 0)
        let zeroBased = try #require(PosixZoneRule("AAA0BBB,59/0,60/0"))
        #expect(zeroBased.offset(at: Self.utc(2036, 2, 29, 12)) == 3600)
        #expect(zeroBased.offset(at: Self.utc(2035, 3, 1, 12)) == 3600)
    }

    @Test(arguments: ["", "E", "EET", "EET-2EEST", "EET-2EEST,M3.5.0", "EET-2EEST,M13.1.0,M10.5.0", "EET-2EEST,M3.6.0,M10.5.0",
                      "EET-200", "EET-25", "EET-2EEST-25,M3.5.0,M10.5.0", "EET-2EEST,M3.5.0/3,M10.5.0/4x", "<+03", "<>3",
                      "EET-2EEST,J0,J365", "EET-2EEST,366,1"])
    func textThatIsNotARuleIsRefused(_ text: String) {
        #expect(PosixZoneRule(text) == nil)
    }

    @Test func aFileThatIsNotTZifVersion2IsRefused() throws {
        let helsinki = try [UInt8](#require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Helsinki")))
        #expect(ZoneRules(tzif: helsinki) != nil)
        #expect(ZoneRules(tzif: []) == nil)
        #expect(ZoneRules(tzif: Array("not a zone file at all, but long enough to have a header".utf8)) == nil)
        for length in [4, 44, helsinki.count / 2, helsinki.count - 2] {
            #expect(ZoneRules(tzif: Array(helsinki.prefix(length))) == nil, "cut to \(length) bytes")
        }
        var version1 = helsinki
        version1[4] = 0
        #expect(ZoneRules(tzif: version1) == nil)
        // A second header that counts two billion changes in an 88-byte file: refused before anything is reserved.
        let header = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        let huge = header + [UInt8](repeating: 0, count: 24) + header + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(huge.count == 88)
        #expect(ZoneRules(tzif: huge) == nil)
        // Leap seconds ("right/" zones) are not UTC's seconds.
        if let right = FileManager.default.contents(atPath: "/usr/share/zoneinfo/right/Europe/Helsinki") {
            #expect(ZoneRules(tzif: [UInt8](right)) == nil)
        }
    }

    @Test(arguments: ["../../etc/passwd", "/etc/passwd", "Europe/../../etc/passwd", "", "Europe//Helsinki", ".hidden", "Europe/Helsinki\n"])
    func aNameThatLeavesTheFolderIsNotRead(_ name: String) {
        #expect(!ZoneRules.isPlainName(name))
        #expect(ZoneRules.system(name) == nil)
    }

    @Test func aNamedZonesDaysComeFromTheDatabaseAndItsNameFromFoundation() {
        let days = DayCalendar(zoneIdentifier: "Europe/Helsinki")
        #expect(days.timeZone.identifier == "Europe/Helsinki")
        #expect(days.day(of: Date(timeIntervalSince1970: TimeInterval(Self.utc(2026, 11, 23, 22)))) == Day(year: 2026, month: 11, day: 24))
        #expect(DayCalendar(zoneIdentifier: nil).timeZone == .current)
        // A name neither knows is the system's zone, as Settings.timeZone makes it.
        #expect(DayCalendar(zoneIdentifier: "Not/A_Zone").timeZone == .current)
    }

    private static func moment(month: Substring, day: Substring, time: Substring, year: Substring) -> Int? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard let month = months.firstIndex(of: String(month)), let day = Int(day), let year = Int(year), clock.count == 3 else { return nil }
        return utc(year, month + 1, day, clock[0], clock[1], clock[2])
    }

    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
