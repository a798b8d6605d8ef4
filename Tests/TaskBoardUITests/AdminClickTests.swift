import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// A touch screen sends clicks: on admin tabs, list rows and day-sheet cells.
@Suite struct AdminClickTests {
    private func admin(_ f: KioskFixture) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24))
        runtime.logIn()
        #expect(runtime.state.side == .admin(.mark))
        return runtime
    }

    @Test func aClickOnADaySheetCellTicksIt() throws {
        let f = try KioskFixture()
        let runtime = try admin(f)
        // Aino's row is y=4; the second task column starts at x = 2 + 15 + 14.
        runtime.handle(.click(x: 35, y: 4))
        #expect(try f.daycare.isDone(child: f.aino, task: f.tasks[1]))
        // A blank cell (Eero does not have the task) does nothing.
        runtime.handle(.click(x: 35, y: 5))
        #expect(f.store.journals[f.daycare.today]?.count == 1)
    }

    @Test func aClickOnAnAdminTabAndOnAListRowActsLikeEnter() throws {
        let f = try KioskFixture()
        let runtime = try admin(f)
        // " Mark  Boards  Groups  Tasks  Settings": Groups spans x = 14...21.
        runtime.handle(.click(x: 16, y: 0))
        #expect(runtime.state.side == .admin(.groups))
        runtime.handle(.click(x: 5, y: KioskLayout.contentTop + 1))
        #expect(runtime.state.groups.open == f.daycare.roster.groups[1].id)
    }
}
