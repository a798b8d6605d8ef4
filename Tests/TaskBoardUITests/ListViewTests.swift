import Testing
@testable import TaskBoardUI

@Suite struct ListViewTests {
    @Test func selectionStaysInsideAndScrollsIntoView() {
        var selection = ListSelection(count: 10)
        selection.move(by: -3)
        #expect(selection.index == 0)
        selection.move(by: 7)
        selection.reveal(height: 4)
        #expect(selection.index == 7 && selection.offset == 4)
        selection.move(by: 99)
        selection.reveal(height: 4)
        #expect(selection.index == 9 && selection.offset == 6)
        selection.resize(to: 3)
        selection.reveal(height: 4)
        #expect(selection.index == 2 && selection.offset == 0)
        #expect(ListSelection(count: 0).index == 0)
    }

    @Test func scrollingMovesTheSelectionOnlyAsFarAsNeeded() {
        var selection = ListSelection(count: 10, index: 1)
        selection.scroll(by: 3, shown: 4)
        #expect(selection.offset == 3 && selection.index == 3)
        selection.scroll(by: 99, shown: 4)
        #expect(selection.offset == 6 && selection.index == 6)
        selection.select(8)
        selection.scroll(by: -2, shown: 4)
        #expect(selection.offset == 4 && selection.index == 7)
        selection.scroll(by: -99, shown: 4)
        #expect(selection.offset == 0 && selection.index == 3)
    }

    @Test func tilesOnTallListsRowsOnShortOnes() {
        #expect(ListLayout(height: 7, tall: true) == ListLayout(height: 7, tall: false))
        // A gap row before each tile, the first too.
        let tiles = ListLayout(height: 12, tall: true)
        #expect(tiles.rowHeight == 2 && tiles.gap == 1 && tiles.shown == 4 && tiles.page == 3)
        #expect(tiles.y(ofLine: 0, top: 3) == 4 && tiles.y(ofLine: 3, top: 3) == 13)
        #expect(ListLayout(height: 11, tall: true).shown == 3)
        #expect(ListLayout(height: 19, tall: true).shown == 6)
        #expect(ListLayout(height: 19, tall: false).shown == 19)
    }

    @Test func everyRowIsATargetAndTheMarksScrollAPage() {
        let items = (1...6).map { ListView.Item(label: "Child \($0)") }
        var buffer = ScreenBuffer(size: Size(width: 20, height: 9))
        let layout = ListLayout(height: 9, tall: true)
        ListView(items: items, selection: ListSelection(count: 6), theme: Theme(color: true, unicode: true), layout: layout)
            .render(into: &buffer, area: Rect(x: 0, y: 0, width: 20, height: 9))
        // Three tiles two rows high, a row before each; ▼ at the bottom right.
        #expect(buffer.target(atX: 2, y: 0) == nil)
        #expect(buffer.target(atX: 2, y: 1)?.tap == .row(0))
        #expect(buffer.target(atX: 2, y: 2)?.tap == .row(0))
        #expect(buffer.target(atX: 2, y: 3) == nil)
        #expect(buffer.target(atX: 2, y: 4)?.tap == .row(1))
        #expect(buffer.target(atX: 2, y: 8)?.tap == .row(2))
        #expect(buffer.target(atX: 18, y: 8)?.tap == .scroll(2))
        #expect(buffer.target(atX: 18, y: 0) == nil)
        #expect(buffer.textLines[8].hasSuffix("▼"))
    }

    @Test func theSelectedRowIsReversedWithoutColour() {
        let items = [ListView.Item(symbol: "🐿️", label: "Squirrels", trailing: "14"),
                     ListView.Item(symbol: "🐻", label: "Bears", trailing: "9")]
        var buffer = ScreenBuffer(size: Size(width: 20, height: 3))
        ListView(items: items, selection: ListSelection(count: 2, index: 1), theme: Theme(color: false, unicode: true))
            .render(into: &buffer, area: Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(buffer.textLines == [" 🐿️ Squirrels    14 ", " 🐻 Bears         9 ", String(repeating: " ", count: 20)])
        #expect(buffer[0, 1].style.reverse && !buffer[0, 0].style.reverse)
    }
}
