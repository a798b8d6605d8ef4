import Foundation
import Testing
@testable import TaskBoard

/// The JSON reader that replaced JSONDecoder for the data files: it must
/// accept what JSONEncoder writes, refuse what is not JSON at the right
/// byte, and name the field that is wrong.
struct JSONValueTests {
    private func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    private func problem(_ text: String) -> JSONError.Problem? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2, 3.5, 1e2, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(value == .object([
            "a": .array([.integer(1), .integer(-2), .number(3.5), .number(100), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("d")]),
            "e": .string(""),
        ]))
    }

    @Test func wholeNumbersAreIntegersUpToIntsLimitsAndDoublesBeyond() throws {
        #expect(try parse("[0, -0, 7, -12, 123456789012345678, -123456789012345678]")
            == .array([.integer(0), .integer(0), .integer(7), .integer(-12), .integer(123_456_789_012_345_678), .integer(-123_456_789_012_345_678)]))
        #expect(try parse("[9223372036854775807, -9223372036854775808]") == .array([.integer(Int.max), .integer(Int.min)]))
        #expect(try parse("99999999999999999999") == .number(1e20))
    }

    @Test func readsEscapesAndUnicodeAsJSONEncoderWritesThem() throws {
        let names = ["Väinö", "美羽", "A \"quoted\" \\ name/", "tab\there\nnewline", "🦊 emoji", "\u{1}"]
        for name in names {
            let data = try JSONEncoder().encode(["name": name])
            #expect(try JSONValue.parse(data) == .object(["name": .string(name)]))
        }
        #expect(try parse(#""\u00e4\ud83e\udd8a\/""#) == .string("ä🦊/"))
    }

    @Test func aCutOffDocumentEndsEarly() {
        for text in ["", "{", #"{"a""#, #"{"a":"#, #"{"a":1"#, "[1,", #""abc"#, "tru", #""\u00e"#, "-", "1."] {
            #expect(problem(text) == .endsEarly, "\(text)")
        }
    }

    @Test func aBadByteIsFoundWhereItIs() {
        #expect(problem(#"{"a":1,}"#) == .unexpected(offset: 7))
        #expect(problem("[1 2]") == .unexpected(offset: 3))
        #expect(problem("{a:1}") == .unexpected(offset: 1))
        #expect(problem("01") == .unexpected(offset: 1))
        #expect(problem("[1] x") == .unexpected(offset: 4))
        #expect(problem("nul!") == .unexpected(offset: 0))
        #expect(problem("\"a\tb\"") == .unexpected(offset: 2))        // a raw control character in a string
        #expect(problem(#""\x""#) == .unexpected(offset: 2))
        #expect(problem(#""\ud800x""#) == .unexpected(offset: 7))     // a lone high surrogate
    }

    @Test func invalidUTF8IsRefused() {
        let bytes: [UInt8] = [0x22, 0x41, 0xC3, 0x28, 0x22]
        #expect(throws: JSONError.self) { try JSONValue.parse(Data(bytes)) }
    }

    @Test func nestingDeeperThanAnyFileOfOursIsRefused() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONError.self) { try parse(deep) }
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: 60) + String(repeating: "]", count: 60)) }
    }

    @Test func aWrongFieldIsNamedWithItsPath() throws {
        let roster = #"{"groups":[],"tasks":[],"nextID":3,"children":[{"id":1,"name":"Aino","avatar":"🦊","groupID":1,"board":[]},{"id":2,"name":5,"avatar":"🦊","groupID":1,"board":[]}]}"#
        do {
            _ = try Roster(json: parse(roster))
            Issue.record("a number for a name was accepted")
        } catch let error as JSONError {
            #expect(error.field == "children[1].name")
            #expect(error.problem == .wrongType(expected: "text"))
        }
        do {
            _ = try Roster(json: parse(#"{"groups":[],"tasks":[],"children":[]}"#))
            Issue.record("a missing field was accepted")
        } catch let error as JSONError {
            #expect(error.field == "nextID")
            #expect(error.problem == .missing)
        }
        do {
            _ = try Settings(json: parse(#"{"idleLogoutMinutes":null}"#))
            Issue.record("null for a number was accepted")
        } catch let error as JSONError {
            #expect(error.problem == .null)
        }
        do {
            _ = try Settings(json: parse(#"{"idleLogoutMinutes":2.5}"#))
            Issue.record("a fraction for minutes was accepted")
        } catch let error as JSONError {
            #expect(error.field == "idleLogoutMinutes")
        }
    }

    @Test func whatJSONEncoderWritesReadsBackTheSame() throws {
        var roster = Roster()
        let group = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        let task = try roster.addTask(name: "Brush teeth", icon: "🪥", points: 2)
        let child = try roster.addChild(name: "Väinö \"V\"", avatar: "🦊", group: group)
        try roster.addToBoard(task, child: child)
        roster.children[0].boardDays = [task: [2, 4]]
        #expect(try Roster(json: JSONValue.parse(JSONEncoder().encode(roster))) == roster)

        let settings = Settings(timeZoneIdentifier: "Europe/Helsinki", language: "fi", idleLogoutMinutes: 4, closedWeekdays: [6, 7],
                                closedDays: [Day("2026-12-24")!], leaderboardStyle: .stars, goalPerChild: 3, readAloud: true)
        #expect(try Settings(json: JSONValue.parse(JSONEncoder().encode(settings))) == settings)

        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.dataEncodingStrategy = .base64
        let pin = PinRecord(hash: PinHash(algorithm: "pbkdf2-sha256", iterations: 100_000, salt: Data([1, 2, 3]), hash: Data([9, 8])),
                            failedAttempts: 2, lockouts: 1, lockedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
                            lockedUntil: Date(timeIntervalSince1970: 1_700_000_060), checksInProgress: 1, interruptedChecks: 0)
        #expect(try PinRecord(json: JSONValue.parse(encoder.encode(pin))) == pin)

        let attendance = Attendance(away: [Day("2026-11-24")!: [ChildID(3), ChildID(5)]])
        #expect(try Attendance(json: JSONValue.parse(JSONEncoder().encode(attendance))) == attendance)
    }

    /// Where JSONDecoder was lenient, files written by hand or by other tools still load.
    @Test func asJSONDecoderDidTheFirstOfTwoKeysCountsAByteOrderMarkIsPassedAndWholeFractionsAreWhole() throws {
        #expect(try parse(#"{"a":1,"a":2}"#) == .object(["a": .integer(1)]))
        // Read field by field too (the fields are kept in order, not hashed).
        let twice = try parse(#"{"a":1,"b":{"x":"y","x":"z"},"a":2}"#).object()
        #expect(try twice.int("a") == 1)
        #expect(try twice.required("b") { try $0.object().mapValues { try $0.string() } } == ["x": "y"])
        #expect(twice.members.keys.sorted() == ["a", "b"])
        #expect(try parse(#"{"2":"first","2":"second"}"#).intKeyed({ $0 }, { try $0.string() }) == [2: "first"])
        #expect(try parse(#"{"b":1,"a":2}"#) == parse(#"{"a":2,"b":1}"#))
        #expect(throws: JSONError(.wrongType(expected: "text"), path: [.key("x")])) {
            try parse(#"{"x":5}"#).object().mapValues { try $0.string() }
        }
        #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))) == .object(["a": .integer(1)]))
        #expect(throws: JSONError(.unexpected(offset: 10))) { try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a":1,}"#.utf8))) }
        let settings = try Settings(json: parse(#"{"idleLogoutMinutes":5.0,"goalPerChild":3e0}"#))
        #expect(settings.idleLogoutMinutes == 5 && settings.goalPerChild == 3)
        #expect(problem("1e400") == .invalid("the number 1e400 is too large"))
    }

    @Test func anErrorSaysInWordsWhatAndWhere() throws {
        do {
            _ = try PinHash(json: parse(#"{"algorithm":"pbkdf2-sha256","iterations":100000,"salt":5,"hash":"AA=="}"#))
            Issue.record("a number for the salt was accepted")
        } catch let error as JSONError {
            #expect(error.description == "salt: expected base64 text")
        }
        #expect(JSONError(.missing, path: [.key("avatars"), .index(3), .key("ascii")]).description == "avatars[3].ascii is missing")
        #expect(JSONError(.unexpected(offset: 0)).description == "not valid JSON at byte 1")
    }
}
