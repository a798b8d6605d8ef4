import Testing
@testable import TerminalBackend

/// What is sent for a cell, with a C library width table like glibc's in a
/// UTF-8 locale (tests never call setlocale, so the real wcwidth is not used).
@Suite struct GlyphTests {
    private static func glibcLike(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0: return -1
        case 0x0300...0x036F, 0x200D, 0xFE00...0xFE0F: return 0
        case 0x1F3FB...0x1F3FF: return 2                    // skin tones
        case 0x1F98A, 0x1F600, 0x1F469, 0x1F467, 0x6F22, 0x5B57: return 2
        default: return 1                                     // incl. ☀ U+2600, 🐿 U+1F43F, flags' letters
        }
    }

    private func glyph(_ text: String, columns: Int) -> Glyph {
        Glyph.make(text, columns: columns, width: Self.glibcLike)
    }

    @Test func plainAndWideCharactersPassThrough() {
        #expect(glyph("a", columns: 1) == Glyph(scalars: [0x61], padding: 0))
        #expect(glyph("ä", columns: 1) == Glyph(scalars: [0xE4], padding: 0))
        #expect(glyph("🦊", columns: 2) == Glyph(scalars: [0x1F98A], padding: 0))
        #expect(glyph("漢", columns: 2) == Glyph(scalars: [0x6F22], padding: 0))
    }

    @Test func combiningMarksStayWithTheirLetter() {
        #expect(glyph("a\u{308}", columns: 1) == Glyph(scalars: [0x61, 0x308], padding: 0))
    }

    @Test func aTextPresentationEmojiTheBufferMadeWideIsPadded() {
        // "☀️" and "🐿️": two columns in DisplayWidth, one for wcwidth.
        #expect(glyph("\u{2600}\u{FE0F}", columns: 2) == Glyph(scalars: [0x2600], padding: 1))
        #expect(glyph("\u{1F43F}\u{FE0F}", columns: 2) == Glyph(scalars: [0x1F43F], padding: 1))
    }

    @Test func zwjSequencesSkinTonesAndFlagsKeepOnlyTheirFirstCodePoint() {
        #expect(glyph("👩\u{200D}👧", columns: 2) == Glyph(scalars: [0x1F469], padding: 0))
        #expect(glyph("\u{1F469}\u{1F3FD}", columns: 2) == Glyph(scalars: [0x1F469], padding: 0))
        #expect(glyph("🇫🇮", columns: 2) == Glyph(scalars: [0x1F1EB], padding: 1))
    }

    @Test func whatCannotBeShownBecomesAQuestionMark() {
        #expect(glyph("\t", columns: 1) == Glyph(scalars: [0x3F], padding: 0))
        #expect(glyph("🦊", columns: 1) == Glyph(scalars: [0x3F], padding: 0))
        // A non-UTF-8 locale: wcwidth is -1 for everything beyond ASCII.
        let ascii = Glyph.make("ä", columns: 1) { $0.isASCII ? 1 : -1 }
        #expect(ascii == Glyph(scalars: [0x3F], padding: 0))
        let wide = Glyph.make("🦊", columns: 2) { $0.isASCII ? 1 : -1 }
        #expect(wide == Glyph(scalars: [0x3F], padding: 1))
    }

    @Test func atMostFourMarksFitACell() {
        let text = "e" + String(repeating: "\u{301}", count: 7)
        #expect(glyph(text, columns: 1).scalars.count == 5)
    }

    @Test func anEmptyCellIsASpace() {
        #expect(glyph("", columns: 1) == Glyph(scalars: [0x20], padding: 0))
    }
}

@Suite struct ColorPairTests {
    @Test func pairsAreAllocatedOncePerCombination() {
        var pairs = ColorPairs(colorCount: 256, pairCount: 65536, defaultColors: true)
        let first = pairs.pair(foreground: .white, background: .blue)
        #expect(first == .init(pair: 1, isNew: true, colors: .init(foreground: 7, background: 4), bold: false))
        #expect(pairs.pair(foreground: .white, background: .blue).isNew == false)
        #expect(pairs.pair(foreground: .white, background: .blue).pair == 1)
        #expect(pairs.pair(foreground: .brightYellow, background: .default).pair == 2)
        #expect(pairs.pair(foreground: .default, background: .default).pair == 0)
    }

    @Test func eightColourTerminalsDrawBrightColoursBold() {
        var pairs = ColorPairs(colorCount: 8, pairCount: 64, defaultColors: true)
        let bright = pairs.pair(foreground: .brightRed, background: .brightBlue)
        #expect(bright.colors == .init(foreground: 1, background: 4))
        #expect(bright.bold)
    }

    @Test func withoutDefaultColoursWhiteOnBlackStandsIn() {
        var pairs = ColorPairs(colorCount: 8, pairCount: 64, defaultColors: false)
        #expect(pairs.pair(foreground: .default, background: .default).pair == 0)
        #expect(pairs.pair(foreground: .red, background: .default).colors == .init(foreground: 1, background: 0))
    }

    @Test func whenPairsRunOutTheTerminalsColoursAreUsed() {
        var pairs = ColorPairs(colorCount: 8, pairCount: 3, defaultColors: true)
        #expect(pairs.pair(foreground: .red, background: .default).pair == 1)
        #expect(pairs.pair(foreground: .green, background: .default).pair == 2)
        #expect(pairs.pair(foreground: .blue, background: .default).pair == 0)
    }

    @Test func theCodesetDecidesUnicode() {
        #expect(NcursesTerminal.isUTF8(codeset: "UTF-8"))
        #expect(NcursesTerminal.isUTF8(codeset: "utf8"))
        #expect(!NcursesTerminal.isUTF8(codeset: "ANSI_X3.4-1968"))
        #expect(!NcursesTerminal.isUTF8(codeset: nil))
        #expect(NcursesTerminal.isASCII(codeset: "ANSI_X3.4-1968"))
        #expect(!NcursesTerminal.isASCII(codeset: "UTF-8"))
        #expect(!NcursesTerminal.isASCII(codeset: "ISO-8859-1"))
    }

    @Test func theLinuxTextConsoleGetsASCIISymbolsEvenInUTF8() {
        #expect(NcursesTerminal.drawsSymbols(codeset: "UTF-8", term: "xterm-256color"))
        #expect(NcursesTerminal.drawsSymbols(codeset: "UTF-8", term: "tmux-256color"))
        #expect(!NcursesTerminal.drawsSymbols(codeset: "UTF-8", term: "linux"))
        #expect(!NcursesTerminal.drawsSymbols(codeset: "UTF-8", term: "linux-16color"))
        #expect(!NcursesTerminal.drawsSymbols(codeset: "ANSI_X3.4-1968", term: "xterm"))
    }

    @Test func timeoutsBecomeMilliseconds() {
        #expect(NcursesTerminal.milliseconds(0.25) == 250)
        #expect(NcursesTerminal.milliseconds(-1) == 0)
        #expect(NcursesTerminal.milliseconds(.nan) == 0)
    }
}
