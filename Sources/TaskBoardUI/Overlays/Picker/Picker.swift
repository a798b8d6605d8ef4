import Foundation
import TaskBoard

/// Choosing from a list: Enter takes the highlighted item, Esc closes. A
/// picker that chooses several (whose boards get a copy) marks rows with
/// Space and takes the marked ones with Enter.
public struct Picker: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case groupAvatar(GroupID)
        case childAvatar(ChildID)
        case taskIcon(TaskID)
        case moveChild(ChildID)
        case addToBoard(ChildID)
        /// A task for every board of the group.
        case addToGroupBoards(GroupID)
        /// From the task library: this task onto every board of a group, or of all.
        case taskToBoards(TaskID)
        /// Another child who gets a copy of this board.
        case copyBoard(from: ChildID)
        /// The weekdays a task on a board is for.
        case taskDays(TaskID, child: ChildID)
    }

    public let purpose: Purpose
    public var selection: ListSelection
    /// The rows marked with Space, in a picker that chooses several.
    public var marked: Set<Int> = []

    public init(_ purpose: Purpose, count: Int, marked: Set<Int> = []) {
        self.purpose = purpose
        selection = ListSelection(count: count)
        self.marked = marked
    }

    public var choosesSeveral: Bool {
        switch purpose {
        case .copyBoard, .taskDays: true
        default: false
        }
    }

    /// The rows Enter takes: the marked ones, or else the highlighted one.
    public var chosenRows: [Int] {
        marked.isEmpty ? [selection.index] : marked.sorted()
    }
}
