import Foundation
import Testing
import TaskBoard
@testable import TaskBoardStorage

/// The fast path must read exactly what JSONDecoder reads, and hand anything
/// unusual back to it.
@Suite struct MarkLineParserTests {
    private func parse(_ text: String) -> [MarkEvent]? {
        MarkLineParser.parse(ArraySlice(Array(text.utf8)))
    }

    @Test func readsWhatTheEncoderWrites() throws {
        let events = [
            MarkEvent(child: ChildID(3), task: TaskID(7), done: true, points: 2, boardComplete: false, at: 1_795_334_400),
            MarkEvent(child: ChildID(12345), task: TaskID(0), done: false, points: 10, boardComplete: true, at: -5),
        ]
        let encoder = JSONEncoder()
        var text = ""
        for event in events { text += String(decoding: try encoder.encode(event), as: UTF8.self) + "\n" }
        #expect(parse(text) == events)
    }

    @Test func acceptsAnyKeyOrderAndSpaces() {
        let line = #"{ "at" : 9, "all":false,"p":1 ,"on":true,"t":2,"c":1 }"# + "\n"
        #expect(parse(line) == [MarkEvent(child: ChildID(1), task: TaskID(2), done: true, points: 1, boardComplete: false, at: 9)])
    }

    @Test(arguments: [
        #"{"c":1,"t":2,"on":true,"p":1,"all":false}"#,               // a key missing
        #"{"c":1,"t":2,"on":true,"p":1,"all":false,"at":0,"x":1}"#,  // an unknown key
        #"{"c":1,"c":1,"t":2,"on":true,"p":1,"all":false,"at":0}"#,  // a key twice
        #"{"c":1.0,"t":2,"on":true,"p":1,"all":false,"at":0}"#,      // a fraction
        #"{"c":01,"t":2,"on":true,"p":1,"all":false,"at":0}"#,       // a leading zero
        #"{"c":"1","t":2,"on":true,"p":1,"all":false,"at":0}"#,      // a string
        #"{"c":1,"t":2,"on":1,"p":1,"all":false,"at":0}"#,           // a number for a boolean
        #"{"c":1,"t":2,"on":true,"p":1,"all":false,"at":0}x"#,       // trailing garbage
    ])
    func leavesAnythingElseToTheDecoder(_ line: String) {
        #expect(parse(line + "\n") == nil)
    }

    @Test func aLineTheFastPathRefusesIsStillJudgedByTheDecoder() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            let day = Samples.day
            let good = MarkEvent(child: ChildID(1), task: TaskID(2), done: true, points: 1, boardComplete: false, at: 0)
            try store.appendMark(good, on: day)
            // Valid JSON the fast path does not take: an escaped key.
            try appendRaw(#"{"\u0063":1,"t":3,"on":true,"p":2,"all":true,"at":0}"# + "\n", to: dir.file("marks/\(day).jsonl"))
            let reopened = try JSONFileStore(directory: dir, readOnly: true)
            #expect(try reopened.marks(on: day) == [good, MarkEvent(child: ChildID(1), task: TaskID(3), done: true, points: 2, boardComplete: true, at: 0)])
        }
    }
}
