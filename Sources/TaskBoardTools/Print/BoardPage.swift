import TaskBoard
import TaskBoardUI

extension Printout {
    /// A child's board as the kiosk's Tasks tab shows it: under a heading
    /// with the group and the day, the child and today's count, every task
    /// with its done or not-done symbol, then the streak and the last 7 days.
    public func board(of childID: ChildID) -> ScreenBuffer {
        let tasks = max(1, daycare.roster.boardTasks(of: childID).count)
        // The tab's layout: the child's row at the content's top, the tasks from
        // two rows below, the streak and the week in the content's last two rows,
        // and the status line and hint bar under those.
        let contentTop = KioskLayout.contentTop - 1
        var state = kioskState(height: contentTop + 2 + tasks + 2 + 2)
        state.tasks.step = .board(childID)
        let kiosk = kioskFrame(state)
        let contentBottom = state.size.height - 2

        var page = newPage()
        let group = daycare.roster.child(childID).flatMap { daycare.roster.group($0.groupID) }
        page.appendHeading(group.map { [title(of: $0)] } ?? [], separator: titleSeparator, style: theme.title, right: todayText, style: theme.text)
        page.appendBlank()
        page.append(kiosk, rows: contentTop..<(contentTop + 2 + tasks))
        page.append(kiosk, rows: (contentBottom - 2)..<contentBottom)
        return page.buffer
    }
}
