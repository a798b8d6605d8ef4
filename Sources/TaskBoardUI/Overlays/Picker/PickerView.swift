import TaskBoard

/// A picker over the right half of the content: a title saying what the
/// choice is for, then the rows; in a picker that chooses several, the
/// marked rows carry a tick.
struct PickerView {
    let frame: Frame
    let picker: Picker

    /// Where the picker is drawn, for drawing and for clicks alike: beside
    /// the list it was opened from, or over it where half would be too narrow.
    static func box(in area: Rect) -> Rect {
        if area.width < 60 { return Rect(x: 1, y: area.y, width: area.width - 2, height: area.height) }
        return Rect(x: area.width / 2, y: area.y, width: area.width - area.width / 2 - 1, height: area.height)
    }

    /// The rows' area inside the box: under the title.
    static func rows(in box: Rect) -> Rect {
        Rect(x: box.x, y: box.y + 1, width: box.width, height: box.height - 1)
    }

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen
        let choices = PickerChoices(picker.purpose, roster: frame.roster, avatars: screen.avatars, icons: screen.icons,
                                    language: screen.strings.language.rawValue, noIcon: screen.strings["picker.noIcon"],
                                    allGroups: screen.strings["scope.allGroups"],
                                    weekdayNames: screen.weekdayNames, shown: screen.shown).choices
        let box = Self.box(in: area)
        // A tap beside the picker closes it, choosing nothing.
        buffer.target(Rect(x: 0, y: 0, width: buffer.size.width, height: buffer.size.height), .closePicker)
        guard box.width > 4, box.height > 2 else { return }
        buffer.fill(box, style: screen.theme.selected)
        buffer.write(" " + title(picker.purpose), x: box.x, y: box.y, style: screen.theme.selected.with(bold: true), maxWidth: box.width)
        var selection = picker.selection
        selection.resize(to: choices.count)
        let rows = Self.rows(in: box)
        selection.reveal(height: rows.height)
        let tick = screen.theme.unicode ? "✔" : "x"
        let items = choices.enumerated().map { index, choice in
            guard picker.choosesSeveral else { return choice.item }
            return ListView.Item(symbol: choice.item.symbol, label: choice.item.label, style: choice.item.style,
                                 trailing: picker.marked.contains(index) ? tick : " ")
        }
        ListView(items: items, selection: selection, theme: screen.theme, rowTap: { .pickerRow($0) }).render(into: &buffer, area: rows)
    }

    private func title(_ purpose: Picker.Purpose) -> String {
        let strings = frame.strings, roster = frame.roster
        func child(_ id: ChildID) -> String { roster.child(id)?.name ?? "" }
        switch purpose {
        case .groupAvatar(let id): return strings["picker.avatar", arguments: ["name": roster.group(id)?.name ?? ""]]
        case .childAvatar(let id): return strings["picker.avatar", arguments: ["name": child(id)]]
        case .moveChild(let id): return strings["picker.moveChild", arguments: ["child": child(id)]]
        case .addToBoard(let id): return strings["picker.addToBoard", arguments: ["child": child(id)]]
        case .addToGroupBoards(let id): return strings["picker.addToGroupBoards", arguments: ["group": roster.group(id)?.name ?? ""]]
        case .taskToBoards(let id): return strings["picker.taskToBoards", arguments: ["task": roster.task(id)?.name ?? ""]]
        case .copyBoard(let id): return strings["picker.copyBoard", arguments: ["child": child(id)]]
        case .taskIcon(let id): return strings["picker.taskIcon", arguments: ["task": roster.task(id)?.name ?? ""]]
        case .taskDays(let task, let id): return strings["picker.taskDays", arguments: ["task": roster.task(task)?.name ?? "", "child": child(id)]]
        }
    }
}
