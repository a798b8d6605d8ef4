import Foundation
import Testing
@testable import TaskBoardTools
import TaskBoardUI

@Suite("CSV: RFC 4180 writing and reading")
struct CSVTests {
    @Test func fieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(CSVWriter.field("Aino") == "Aino")
        #expect(CSVWriter.field("Ällä Öhman å 🌸 美羽") == "Ällä Öhman å 🌸 美羽")
        #expect(CSVWriter.field("") == "")
        #expect(CSVWriter.field("Oravat, aamu") == "\"Oravat, aamu\"")
        #expect(CSVWriter.field("Say \"hi\"") == "\"Say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.field("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVWriter.field(" spaces stay ") == " spaces stay ")
    }

    @Test func aRecordEndsInCRLF() {
        #expect(CSVWriter.record(["a", "b,c", "\""]) == "a,\"b,c\",\"\"\"\"\r\n")
        #expect(CSVWriter.record([""]) == "\r\n")
    }

    @Test func readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let text = "Oravat,\"Aino, jr\"\r\n\"Kar\"\"hut\",\"two\r\nlines\",🐻\nSiilit,\"a\nb\nc\"\nlast,one"
        #expect(try CSVReader.records(in: text) == [
            CSVRecord(line: 1, fields: ["Oravat", "Aino, jr"]),
            CSVRecord(line: 2, fields: ["Kar\"hut", "two\r\nlines", "🐻"]),
            CSVRecord(line: 4, fields: ["Siilit", "a\nb\nc"]),
            CSVRecord(line: 7, fields: ["last", "one"]),
        ])
    }

    @Test func skipsAByteOrderMarkAndAcceptsEveryLineEnd() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("group,child\r\nÄ,ö\nå,x\ry,z\r\n".utf8)
        #expect(try CSVReader.records(in: Data(bytes)) == [
            CSVRecord(line: 1, fields: ["group", "child"]),
            CSVRecord(line: 2, fields: ["Ä", "ö"]),
            CSVRecord(line: 3, fields: ["å", "x"]),
            CSVRecord(line: 4, fields: ["y", "z"]),
        ])
    }

    @Test func emptyFieldsBlankLinesAndNoFinalLineEnd() throws {
        let records = try CSVReader.records(in: "a,,\n\n,\n\"\",b")
        #expect(records == [
            CSVRecord(line: 1, fields: ["a", "", ""]),
            CSVRecord(line: 2, fields: [""]),
            CSVRecord(line: 3, fields: ["", ""]),
            CSVRecord(line: 4, fields: ["", "b"]),
        ])
        #expect(records.map(\.isBlank) == [false, true, true, false])
        #expect(try CSVReader.records(in: "") == [])
        #expect(try CSVReader.records(in: "\u{FEFF}") == [])
    }

    @Test func aStrayQuoteInsideAnUnquotedFieldIsText() throws {
        #expect(try CSVReader.records(in: "Aino \"Ninni\" K,x\n") == [CSVRecord(line: 1, fields: ["Aino \"Ninni\" K", "x"])])
    }

    @Test func refusesWhatCannotBeReadWithoutGuessing() {
        #expect(throws: CSVError(line: 2, reason: "a quoted field is not closed")) {
            try CSVReader.records(in: "a,b\nc,\"open\nd,e\n")
        }
        #expect(throws: CSVError(line: 3, reason: "text after the closing quote of a field (a quote inside a quoted field is written twice: \"\")")) {
            try CSVReader.records(in: "a\nb\n\"Aino\" K,x\n")
        }
        #expect(throws: CSVError(line: 2, reason: "the text is not UTF-8 (save the file as \"CSV UTF-8\")")) {
            try CSVReader.records(in: Data(Array("a,b\n".utf8) + [0x4F, 0x72, 0xE4, 0x0A]))
        }
        #expect("\(CSVError(line: 4, reason: "why"))" == "line 4: why")
    }

    @Test func whatTheWriterWritesTheReaderReadsBack() throws {
        let rows = [["date", "name", "note"], ["2026-11-22", "Ällä \"Ö\", 🌸", "a\r\nb"], ["", ",", "\"\""], ["美羽", "\n", "x"]]
        let text = CSVWriter.byteOrderMark + rows.map(CSVWriter.record).joined()
        let records = try CSVReader.records(in: text)
        #expect(records.map(\.fields) == rows)
        #expect(records.map(\.line) == [1, 2, 4, 5])
    }
}

/// Issue 9, finding 6: the second line of defence in the files and pages made.
@Suite struct ControlCharacterOutputTests {
    @Test func finding6_aCSVFieldNeverCarriesAControlCharacter() {
        #expect(CSVWriter.field("Ai\u{1B}[31mno") == "Ai\\u{1B}[31mno")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
    }

    @Test func finding6_aScreenBufferNeverHoldsAControlCharacter() {
        var buffer = ScreenBuffer(size: Size(width: 20, height: 1))
        buffer.write("Ai\u{1B}[31mno\u{07}", x: 0, y: 0)
        #expect(!buffer.textLines.joined().unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(buffer.textLines[0].hasPrefix("Ai[31mno"))
    }
}
