import Testing
@testable import TaskBoard

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("ä", 1), ("Aino", 4), ("Äijä", 4), ("👩‍👧", 2), ("🐿️", 2), ("🐿", 2), ("漢字", 4),
        ("e\u{301}", 1), ("Rene\u{301}e", 5), ("🦊", 2), ("🇫🇮", 2), ("", 0), ("a b", 3),
        ("Aino 🐿️", 7), ("ｱ", 1), ("Ａ", 2), ("한글", 4),
    ])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Latin text is counted by code point (faster); it must agree with the
    /// measure cluster by cluster for every code point below the combining
    /// marks, alone, in a run, and before a mark or an emoji.
    @Test func latinTextCountedByCodePointAgreesWithClusters() {
        for value in UInt32(0)..<0x400 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = String(Character(scalar))
            for text in [letter, letter + letter + "a", "a" + letter + "\u{301}", letter + "🦊"] {
                let byClusters = text.reduce(0) { $0 + DisplayWidth.of($1) }
                #expect(DisplayWidth.of(text) == byClusters, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func truncateFitsAndEndsInAnEllipsis() {
        #expect(DisplayWidth.truncate("Aino Ahonen", to: 6) == "Aino …")
        #expect(DisplayWidth.truncate("Aino", to: 4) == "Aino")
        #expect(DisplayWidth.truncate("Aino", to: 10) == "Aino")
        #expect(DisplayWidth.truncate("Aino", to: 3) == "Ai…")
        #expect(DisplayWidth.truncate("Aino", to: 1) == "…")
        #expect(DisplayWidth.truncate("Aino", to: 0) == "")
        // A wide character that would straddle the edge is left out whole.
        #expect(DisplayWidth.truncate("🦊🦊🦊", to: 5) == "🦊🦊…")
        #expect(DisplayWidth.truncate("🦊🦊🦊", to: 4) == "🦊…")
        #expect(DisplayWidth.truncate("漢字漢字", to: 6) == "漢字…")
    }

    @Test(arguments: ["👩‍👧👩‍👧👩‍👧", "e\u{301}e\u{301}e\u{301}e\u{301}", "🐿️🐿️🐿️", "🇫🇮🇸🇪🇳🇴", "Äiti ja 👩‍👧 漢字"])
    func truncateNeverSplitsAGrapheme(text: String) {
        let whole = Array(text)
        for width in 1..<DisplayWidth.of(text) {
            let cut = DisplayWidth.truncate(text, to: width)
            #expect(cut.hasSuffix("…"))
            #expect(DisplayWidth.of(cut) <= width, "width \(width): \(cut)")
            let kept = Array(cut.dropLast())
            // Every kept character is a whole character of the original, in order.
            #expect(kept == Array(whole.prefix(kept.count)), "width \(width): \(cut)")
            #expect(cut.unicodeScalars.count == whole.prefix(kept.count).reduce(0) { $0 + $1.unicodeScalars.count } + 1)
            // As much as fits is kept.
            if kept.count < whole.count {
                #expect(DisplayWidth.of(String(whole.prefix(kept.count + 1))) + 1 > width, "width \(width): \(cut)")
            }
        }
    }

    @Test func combiningMarkExamples() {
        let cut = DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2)
        #expect(cut.unicodeScalars.map(\.value) == [0x65, 0x301, 0x2026])
        #expect(DisplayWidth.truncate("👩‍👧👩‍👧", to: 3) == "👩‍👧…")
        #expect(DisplayWidth.truncate("👩‍👧👩‍👧", to: 3).unicodeScalars.count == 4)
    }
}
