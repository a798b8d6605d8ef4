import Testing
@testable import TaskBoardUI

@Suite struct ScreenBufferTests {
    @Test func wideCharactersTakeTwoCellsAndLineUp() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 3))
        buffer.write("Aino", x: 0, y: 0)
        buffer.write("🦊Ä", x: 0, y: 1)
        buffer.write("漢字x", x: 0, y: 2)
        #expect(buffer.textLines == ["Aino      ", "🦊Ä       ", "漢字x     "])
        #expect(buffer[1, 1].text == Cell.continuation)
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
