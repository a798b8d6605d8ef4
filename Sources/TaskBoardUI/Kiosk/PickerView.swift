import TaskBoard

/// A picker over the right half of the content.
struct PickerView {
    let screen: KioskScreen
    let state: KioskState

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let picker = state.picker else { return }
        let choices = PickerChoices(picker.purpose, roster: screen.daycare.roster, avatars: screen.avatars,
                                    language: screen.strings.language.rawValue, shown: screen.shown).choices
        let box = Rect(x: area.width / 2, y: area.y, width: area.width - area.width / 2 - 1, height: area.height)
        guard box.width > 4, box.height > 2 else { return }
        buffer.fill(box, style: screen.theme.selected)
        var selection = picker.selection
        selection.resize(to: choices.count)
        selection.reveal(height: box.height - 1)
        ListView(items: choices.map(\.item), selection: selection, theme: screen.theme)
            .render(into: &buffer, area: Rect(x: box.x, y: box.y + 1, width: box.width, height: box.height - 1))
    }
}
