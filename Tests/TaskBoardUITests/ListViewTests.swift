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
        #expect(selection.row(atScreenY: 5, top: 4) == 1)
        #expect(selection.row(atScreenY: 9, top: 4) == nil)
        #expect(ListSelection(count: 0).index == 0)
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
