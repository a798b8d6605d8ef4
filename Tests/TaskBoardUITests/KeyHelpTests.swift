import Foundation
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
        // Short: the keys that lead on (Tab, ?) stay, then the others in order as they fit.
        var narrow = ScreenBuffer(size: Size(width: 30, height: 1))
        bar.renderBar(into: &narrow, row: 0, style: .plain, keyStyle: .plain, name: names)
        #expect(narrow.textLines[0] == pad(" Tab Next tab  ? Help", 30))
        var middle = ScreenBuffer(size: Size(width: 40, height: 1))
        bar.renderBar(into: &middle, row: 0, style: .plain, keyStyle: .plain, name: names)
        #expect(middle.textLines[0] == pad(" Tab Next tab  Enter Choose  ? Help", 40))
        // A binding may say it leads on (the next child on the Mark tab).
        let marked = KeyHelp(bindings: [Binding(.toggle), Binding(.down), Binding(.right, leadsOn: true), Binding(.help)], keyMap: .standard)
        var small = ScreenBuffer(size: Size(width: 30, height: 1))
        marked.renderBar(into: &small, row: 0, style: .plain, keyStyle: .plain, name: names)
        // The screen's first key, then ? and →: ↓ does not fit beside them.
        #expect(small.textLines[0] == pad(" Space Tick  → right  ? Help", 30), "\(small.textLines[0])")
        var smaller = ScreenBuffer(size: Size(width: 20, height: 1))
        marked.renderBar(into: &smaller, row: 0, style: .plain, keyStyle: .plain, name: names)
        #expect(smaller.textLines[0] == pad(" Space Tick  ? Help", 20), "\(smaller.textLines[0])")
        // The margin goes before a kept key does.
        var tight = ScreenBuffer(size: Size(width: 27, height: 1))
        marked.renderBar(into: &tight, row: 0, style: .plain, keyStyle: .plain, name: names)
        #expect(tight.textLines[0] == "Space Tick  → right  ? Help", "\(tight.textLines[0])")
    }

    @Test func helpListsEveryKeyOfTheSameTable() {
        let help = KeyHelp(bindings: [Binding(.delete), Binding(.toggle)], keyMap: .standard, keyName: { KeyLabel.text($0, unicode: false) })
        #expect(help.helpRows(name: names).map(\.keys) == ["d / Del", "Space"])
        var buffer = ScreenBuffer(size: Size(width: 20, height: 2))
        help.renderHelp(into: &buffer, in: Rect(x: 0, y: 0, width: 20, height: 2), style: .plain, keyStyle: .plain, name: names)
        #expect(buffer.textLines == [pad("d / Del  Delete", 20), pad("Space    Tick", 20)])
    }

    /// Issue 10: on the console the arrows have names, in the language, and a
    /// name that is the action's own is written once ("Down", not "Down down").
    @Test func withoutArrowsAKeyNamedLikeItsActionIsWrittenOnce() throws {
        for (language, down) in [("en", "Down"), ("fi", "Alas")] {
            let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/\(language).json")))
            let bar = KeyHelp(bindings: [Binding(.down), Binding(.previousTab)], keyMap: .standard, keyName: { strings.keyName($0, unicode: false) })
            var buffer = ScreenBuffer(size: Size(width: 40, height: 1))
            bar.renderBar(into: &buffer, row: 0, style: .plain, keyStyle: .plain, name: { strings.actionName($0.action) })
            #expect(buffer.textLines[0].hasPrefix(" \(down)  "), "\(language): \(buffer.textLines[0])")
            #expect(!buffer.textLines[0].lowercased().contains("\(down.lowercased()) \(down.lowercased())"))
        }
    }

    /// Issue 10: a terminal without Shift-Tab (the Linux console) is not offered it.
    @Test func aKeyTheTerminalCannotSendIsNotOffered() {
        let keyMap = KeyMap.standard.without(.backTab)
        let help = KeyHelp(bindings: [Binding(.nextTab), Binding(.previousTab)], keyMap: keyMap, keyName: { KeyLabel.text($0, unicode: false) })
        var bar = ScreenBuffer(size: Size(width: 60, height: 1))
        help.renderBar(into: &bar, row: 0, style: .plain, keyStyle: .plain, name: names)
        #expect(!bar.textLines[0].contains("Shift"))
        #expect(!help.helpRows(name: names).contains { $0.keys.contains("Shift") })
        #expect(keyMap.action(for: .backTab) == nil)
        #expect(keyMap.action(for: .tab) == .nextTab)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: width - text.count)
    }
}
