import Testing
import TaskBoard
@testable import TaskBoardUI

@Suite struct ScreenBufferTests {
    /// The terminal backend skips an unchanged row with one memcmp of its
    /// cells, which holds only if equal cells are equal byte for byte: no
    /// padding in a cell (padding holds whatever was in memory before).
    @Test func equalCellsAreEqualByteForByte() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
        func draw() -> ScreenBuffer {
            var buffer = ScreenBuffer(size: Size(width: 30, height: 4), style: Style(background: .black))
            buffer.write("Aino Äijälä", x: 0, y: 0, style: Style(foreground: .green, bold: true))
            buffer.write("🦊 ✔ ○ 漢字", x: 2, y: 1, style: Style(background: .blue, reverse: true))
            buffer.repeatNarrow("█", count: 20, x: 0, y: 2, style: Style(foreground: .brightYellow, underline: true))
            buffer.write("6/8", x: 26, y: 3)
            return buffer
        }
        let first = draw(), second = draw()
        #expect(first == second)
        first.cells.withUnsafeBytes { a in
            second.cells.withUnsafeBytes { b in #expect(a.elementsEqual(b), "equal cells stored with different bytes") }
        }
    }

    /// Style keeps its parts in one word: each reads back as set, and setting one leaves the others.
    @Test func aStyleKeepsEachOfItsParts() {
        for foreground in Color.allCases {
            for background in Color.allCases {
                var style = Style(foreground: foreground, background: background, bold: true, reverse: false, underline: true)
                #expect(style.foreground == foreground && style.background == background)
                #expect(style.bold && !style.reverse && style.underline)
                style.reverse = true
                style.bold = false
                #expect(!style.bold && style.reverse && style.underline && style.foreground == foreground && style.background == background)
                style.foreground = .default
                #expect(style.foreground == .default && style.background == background && style.reverse)
            }
        }
        #expect(Style() == .plain && Style(bold: true) != .plain && Style(foreground: .default) == .plain)
    }

    @Test func wideCharactersTakeTwoCellsAndLineUp() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 3))
        buffer.write("Aino", x: 0, y: 0)
        buffer.write("🦊Ä", x: 0, y: 1)
        buffer.write("漢字x", x: 0, y: 2)
        #expect(buffer.textLines == ["Aino      ", "🦊Ä       ", "漢字x     "])
        #expect(buffer[1, 1].text == Cell.continuation)
    }

    /// Latin text is written a code point per cell (faster): the cells must
    /// be those of the text measured character by character, for every code
    /// point below U+0400 beside a letter, a combining mark or an emoji.
    @Test func textIsWrittenAsItsCharactersMeasureWhateverTheCodePoints() {
        for value in UInt32(0x20)..<0x400 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["a" + String(Character(scalar)) + "b", String(Character(scalar)) + "\u{301}", "Ä" + String(Character(scalar)) + "🦊"] {
                var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
                let written = buffer.write(text, x: 1, y: 0)
                var expected = ScreenBuffer(size: Size(width: 10, height: 1))
                var x = 1
                for character in text {
                    let width = DisplayWidth.of(character)
                    if width == 0 { continue }
                    expected[x, 0] = Cell(text: String(character), style: .plain)
                    if width == 2 { expected[x + 1, 0] = Cell(text: Cell.continuation, style: .plain) }
                    x += width
                }
                #expect(written == x - 1 && buffer.cells == expected.cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func textIsCutWithAnEllipsisWithoutSplittingACharacter() {
        var buffer = ScreenBuffer(size: Size(width: 6, height: 2))
        #expect(buffer.write("Squirrels", x: 0, y: 0) == 6)
        buffer.write("🐿️🐿️🐿️🐿️", x: 0, y: 1, maxWidth: 6)
        #expect(buffer.textLines == ["Squir…", "🐿️🐿️… "])
    }

    @Test func aWideCharacterWithOneColumnLeftBecomesAnEllipsis() {
        var buffer = ScreenBuffer(size: Size(width: 3, height: 1))
        buffer.write("🦊", x: 2, y: 0)
        #expect(buffer.textLines == ["  …"])
    }

    @Test func overwritingHalfAWideCharacterClearsTheOtherHalf() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        buffer.write("🦊🦊", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.textLines == [" x🦊"])
    }

    /// A fill or a bar across half of a wide character blanks its other
    /// half, on either end of the run, and leaves the cells outside it.
    @Test func fillsAndBarsClearTheWideCharactersTheyCutAtEitherEnd() {
        var buffer = ScreenBuffer(size: Size(width: 8, height: 2))
        buffer.write("🦊ab🦊", x: 0, y: 0)
        buffer.write("🦊ab🦊", x: 0, y: 1)
        buffer.fill(Rect(x: 1, y: 0, width: 4, height: 1), style: .plain)
        buffer.repeatNarrow("#", count: 4, x: 1, y: 1, style: .plain)
        #expect(buffer.textLines == ["        ", " ####   "])
    }

    @Test func fillsAndBarsOutsideTheBufferDrawNothing() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 2))
        buffer.fill(Rect(x: 5, y: 0, width: 3, height: 1), style: .plain)
        buffer.fill(Rect(x: 0, y: 3, width: 3, height: 2), style: .plain)
        buffer.fill(Rect(x: -5, y: -5, width: 2, height: 2), style: .plain)
        buffer.repeatNarrow("#", count: 3, x: 6, y: 0, style: .plain)
        buffer.repeatNarrow("#", count: 3, x: -5, y: 1, style: .plain)
        buffer.repeatNarrow("#", count: 3, x: -1, y: 1, style: .plain)
        buffer.restyle(Rect(x: 6, y: 5, width: 2, height: 2)) { $0.with(bold: true) }
        #expect(buffer.textLines == ["    ", "##  "])
    }

    @Test func anyBufferSizeIsSafe() {
        for width in 0...3 {
            for height in 0...3 {
                var buffer = ScreenBuffer(size: Size(width: width, height: height))
                buffer.write("🦊 Aino", x: -1, y: height - 1)
                buffer.fill(Rect(x: -2, y: -2, width: 10, height: 10), style: .plain)
                #expect(buffer.textLines.count == height)
            }
        }
    }
}
