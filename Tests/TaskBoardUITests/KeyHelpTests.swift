import Testing
@testable import TaskBoardUI

@Suite struct KeyHelpTests {
    private let names: (Binding) -> String = { binding in
        switch binding.action {
        case .nextTab: "Next tab"
        case .choose: "Choose"
        case .toggle: "Tick"
        case .help: "Help"
        case .delete: "Delete"
        default: binding.action.rawValue
        }
    }

    @Test func showsTheFirstKeyOfEachActionAsFarAsItFits() {
        let bar = KeyHelp(bindings: [Binding(.nextTab), Binding(.choose), Binding(.toggle), Binding(.help)], keyMap: .standard)
        var wide = ScreenBuffer(size: Size(width: 60, height: 1))
        bar.renderBar(into: &wide, row: 0, style: .plain, keyStyle: Style(bold: true), name: names)
        #expect(wide.textLines[0] == pad(" Tab Next tab  Enter Choose  Space Tick  ? Help", 60))
        #expect(wide[1, 0].style.bold && !wide[5, 0].style.bold)
        var narrow = ScreenBuffer(size: Size(width: 30, height: 1))
        bar.renderBar(into: &narrow, row: 0, style: .plain, keyStyle: .plain, name: names)
        #expect(narrow.textLines[0] == pad(" Tab Next tab  Enter Choose", 30))
    }

    @Test func helpListsEveryKeyOfTheSameTable() {
        let help = KeyHelp(bindings: [Binding(.delete), Binding(.toggle)], keyMap: .standard, keyName: { KeyLabel.text($0, unicode: false) })
        #expect(help.helpRows(name: names).map(\.keys) == ["d / Del", "Space"])
        var buffer = ScreenBuffer(size: Size(width: 20, height: 2))
        help.renderHelp(into: &buffer, in: Rect(x: 0, y: 0, width: 20, height: 2), style: .plain, keyStyle: .plain, name: names)
        #expect(buffer.textLines == [pad("d / Del  Delete", 20), pad("Space    Tick", 20)])
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: width - text.count)
    }
}
