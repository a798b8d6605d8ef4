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

    /// Issue 26: Excel's plain "CSV" on a Finnish Windows is Windows-1252.
    @Test func textThatIsNotUTF8IsReadAsWindows1252() throws {
        // Ryhmä;Lapsi / Oravat;Väinö Äijälä / Ö and the bytes 0x80–0x9F that mean something.
        var bytes: [UInt8] = [0x52, 0x79, 0x68, 0x6D, 0xE4, 0x3B, 0x4C, 0x61, 0x70, 0x73, 0x69, 0x0D, 0x0A]
        bytes += [0x4F, 0x72, 0x61, 0x76, 0x61, 0x74, 0x3B, 0x56, 0xE4, 0x69, 0x6E, 0xF6, 0x20, 0xC4, 0x69, 0x6A, 0xE4, 0x6C, 0xE4, 0x0D, 0x0A]
        bytes += [0xD6, 0x2C, 0x80, 0x8A, 0x96, 0x9F]
        let (text, encoding) = try CSVEncoding.decode(bytes)
        #expect(encoding == .windows1252)
        #expect(String(decoding: text, as: UTF8.self) == "Ryhmä;Lapsi\r\nOravat;Väinö Äijälä\r\nÖ,€Š–Ÿ")
        #expect(try CSVReader.records(in: text, delimiter: .semicolon).map(\.fields) == [["Ryhmä", "Lapsi"], ["Oravat", "Väinö Äijälä"], ["Ö,€Š–Ÿ"]])
    }

    @Test func utf8IsKeptAsItIsAndUTF16WithItsMarkIsRead() throws {
        let utf8 = [0xEF, 0xBB, 0xBF] + Array("Ryhmä;Lapsi\r\n".utf8)
        let kept = try CSVEncoding.decode(utf8)
        #expect(kept.text == utf8 && kept.encoding == .utf8)
        let empty = try CSVEncoding.decode([])
        #expect(empty.text == [] && empty.encoding == .utf8)
        // Excel's "Unicode text": UTF-16 little-endian with its mark, tabs between fields; 🌸 is two UTF-16 units.
        let roster = "Ryhmä\tLapsi\r\nOravat\tSiiri 🌸\r\n"
        var little: [UInt8] = [0xFF, 0xFE], big: [UInt8] = [0xFE, 0xFF]
        for unit in roster.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            let (text, encoding) = try CSVEncoding.decode(bytes)
            #expect(text == Array(roster.utf8))
            #expect(encoding == .utf16)
        }
    }

    @Test func bytesThatNoEncodingHereReadAreRefusedWithTheirLine() {
        // 0x81, 0x8D, 0x8F, 0x90 and 0x9D mean nothing in Windows-1252.
        for byte: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            let hex = String(byte, radix: 16, uppercase: true)
            // The line a text editor shows: a line break inside quotes counts, as CSVReader counts it.
            #expect(throws: CSVError(line: 4, reason: "the text is neither UTF-8 nor Windows-1252: the byte 0x\(hex) means nothing in Windows-1252 (save the file as \"CSV UTF-8\")")) {
                let bytes: [UInt8] = Array("a;b\r\nOravat;V".utf8) + [0xE4] + Array("in\r\n\"x\ry\";".utf8) + [byte, 0x0A]
                return try CSVEncoding.decode(bytes)
            }
        }
        // A file that says it is UTF-8 is held to it.
        #expect(throws: CSVError(line: 2, reason: "the text is not UTF-8, though the file starts as UTF-8 does (save the file as \"CSV UTF-8\")")) {
            let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\nOravat,V".utf8) + [0xE4, 0x0A]
            return try CSVEncoding.decode(bytes)
        }
        // Half a UTF-16 character, and a surrogate without its pair.
        #expect(throws: CSVError(line: 2, reason: "the file ends in half a UTF-16 character")) {
            try CSVEncoding.decode([0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00, 0x62])
        }
        #expect(throws: CSVError(line: 1, reason: "the text is not valid UTF-16 (save the file as \"CSV UTF-8\")")) {
            try CSVEncoding.decode([0xFF, 0xFE, 0x61, 0x00, 0x3D, 0xD8, 0x62, 0x00])
        }
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
