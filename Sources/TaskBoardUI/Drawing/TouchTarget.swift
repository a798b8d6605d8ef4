import TaskBoard

/// What a tap on a part of the screen does. The part registers it as it is
/// drawn (`ScreenBuffer.target`), so a finger lands on what the eye sees:
/// there is one layout, for drawing and for taps.
public enum Tap: Hashable, Sendable {
    /// A tab on the tab bar, by its place in the side's tabs.
    case tab(Int)
    /// What the key bound to this action does, where that binding is enabled.
    case action(Action)
    /// A key's hint on the hint bar: what that key does, as `action` does.
    case hint(Action)
    /// A row of the screen's list (`KioskTab.list`): chosen, as Enter would.
    case row(Int)
    /// The screen's list, or what scrolls on it, moved by this many rows (▲ ▼).
    case scroll(Int)
    /// A row of the open picker.
    case pickerRow(Int)
    /// Outside the open picker: closes it, choosing nothing.
    case closePicker
    /// A cell of the Mark tab's day sheet: a child's row, a task's column.
    case sheetCell(row: Int, column: Int)
    /// A task of the one child the Mark tab shows.
    case childTask(Int)
    /// A period on the leaderboard: shown.
    case period(Period)
    /// A child's row on the leaderboard: read aloud.
    case leaderboardRow(ChildID)
    /// A group's name and bar on the group-goal leaderboard: read aloud.
    case goalRow(GroupID)
    /// A key of the on-screen number pad: what the keyboard's key does here.
    case key(Key)
    /// Covered by something open over it (a form, a question): no tap reaches what lies beneath.
    case nothing
}

/// A part of the screen and what a tap on it does.
public struct TouchTarget: Equatable, Sendable {
    public let rect: Rect
    public let tap: Tap

    public init(_ rect: Rect, _ tap: Tap) {
        self.rect = rect
        self.tap = tap
    }

    public func contains(x: Int, y: Int) -> Bool { rect.contains(x: x, y: y) }
}

extension Rect {
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
    }
}

extension [TouchTarget] {
    /// The target drawn last at a cell: what was drawn over the rest.
    public func target(atX x: Int, y: Int) -> TouchTarget? {
        last { $0.contains(x: x, y: y) }
    }
}

extension ScreenBuffer {
    public func target(atX x: Int, y: Int) -> TouchTarget? { targets.target(atX: x, y: y) }
}
