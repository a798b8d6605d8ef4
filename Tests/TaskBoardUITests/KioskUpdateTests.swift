import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// The kiosk's input rules, key by key, without a terminal.
@Suite struct KioskUpdateTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func roster() throws -> Roster {
        var roster = Roster()
        let squirrels = try roster.addGroup(name: "Squirrels", avatar: "🐿️")
        let bears = try roster.addGroup(name: "Bears", avatar: "🐻")
        try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
        try roster.addChild(name: "Eero", avatar: "🐢", group: squirrels)
        try roster.addChild(name: "Ville", avatar: "🦉", group: bears)
        return roster
    }

    private func context(_ roster: Roster, at date: Date? = nil, uptime: TimeInterval = 0) -> KioskContext {
        KioskContext(roster: roster, settings: Settings(idleLogoutMinutes: 2), now: date ?? now, uptime: uptime)
    }

    private func press(_ state: inout KioskState, _ keys: [Key], _ roster: Roster) -> [KioskEffect] {
        keys.flatMap { Kiosk.update(&state, .key($0), context(roster)) }
    }

    private func type(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test func firstStartAsksForTheNewPinTwice() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: false)
        #expect(state.side == .firstStart)
        // A common PIN is refused with the domain's reason.
        #expect(press(&state, type("1234") + [.enter], roster).isEmpty)
        #expect(state.notice == .refused(.pinTooCommon))
        // Two different entries start again.
        _ = press(&state, type("4829") + [.enter] + type("4828") + [.enter], roster)
        #expect(state.notice == .pinsDiffer && state.pin.toConfirm == nil)
        // Letters and Ctrl keys do not reach the field.
        let effects = press(&state, type("48a29") + [.control("c"), .enter] + type("4829") + [.enter], roster)
        #expect(effects == [.setFirstPin("4829", confirmation: "4829")])
        // Whoever set it is the grown-up: the admin side, asking the open days.
        Kiosk.apply(.pinSet, to: &state)
        #expect(state.side == .admin(.mark) && state.confirming == .openDays)
    }

    @Test func kioskKeysDoNothingOnTheChildSide() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        let before = state
        let effects = press(&state, [.control("c"), .control("z"), .control("\\"), .character("q"), .character("Q"), .character("L")], roster)
        #expect(effects.isEmpty)
        // The letters went to the groups' names (none starts with them), nothing else.
        state.typeAhead = before.typeAhead
        #expect(state == before)
    }

    @Test func tabsCycleBothWaysAndClearAHalfTypedPin() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        _ = press(&state, [.tab], roster)
        #expect(state.side == .child(.leaderboard))
        _ = press(&state, [.tab], roster)
        #expect(state.side == .child(.today))
        _ = press(&state, [.tab] + type("48"), roster)
        #expect(state.side == .child(.admin) && state.pin.check.field.text == "48")
        _ = press(&state, [.tab], roster)
        #expect(state.side == .child(.tasks) && state.pin.check.field.text.isEmpty)
        _ = press(&state, [.backTab], roster)
        #expect(state.side == .child(.admin))
    }

    @Test func tasksWalkFromGroupToChildToBoardAndBack() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        _ = press(&state, [.down, .down, .enter], roster)  // stays on the last group: Bears
        #expect(state.tasks.step == .chooseChild(roster.groups[1].id))
        _ = press(&state, [.escape, .up, .enter, .down, .enter], roster)
        #expect(state.tasks.step == .board(roster.children[1].id))  // Eero
        _ = press(&state, [.escape], roster)
        #expect(state.tasks.step == .chooseChild(roster.groups[0].id))
    }

    @Test func theLeaderboardSwitchesPeriodAndScope() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        _ = press(&state, [.tab, .right, .right], roster)
        #expect(state.leaderboard.period == .month)
        _ = press(&state, [.left, .left, .left], roster)
        #expect(state.leaderboard.period == .allTime)
        _ = press(&state, [.enter], roster)
        #expect(state.leaderboard.group == roster.groups[0].id)
        _ = press(&state, [.enter, .enter], roster)
        #expect(state.leaderboard.group == nil)
    }

    @Test func theAdminPinIsSentOnEnterAndTheOutcomeShown() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        // First the grown-up check: the number shown in words, typed in digits.
        #expect(press(&state, [.backTab] + type("4829") + [.enter], roster).isEmpty)
        #expect(state.notice == .adultCheckWrong && !state.pin.checkPassed)
        for key in type(String(state.pin.check.number)) + [.enter] { _ = Kiosk.update(&state, .key(key), context(roster, uptime: 1)) }
        #expect(state.pin.checkPassed)
        let effects = press(&state, type("4829") + [.enter], roster)
        #expect(effects == [.login("4829")])
        #expect(state.pin.field.text.isEmpty)
        Kiosk.apply(.login(.wrong(triesLeft: 3)), to: &state)
        #expect(state.notice == .wrongPin(triesLeft: 3))
        Kiosk.apply(.login(.success), to: &state)
        #expect(state.side == .admin(.mark))
    }

    @Test func theAdminSideLogsItselfOutWhenIdle() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        Kiosk.apply(.login(.success), to: &state)
        _ = Kiosk.update(&state, .tick(now.addingTimeInterval(119)), context(roster, uptime: 119))
        #expect(state.side == .admin(.mark))
        _ = Kiosk.update(&state, .tick(now.addingTimeInterval(120)), context(roster, uptime: 120))
        #expect(state.side == .child(.tasks))
    }

    @Test func theAdminSideQuitsUndoesAndLogsOut() throws {
        let roster = try roster()
        var state = KioskState(size: Size(width: 80, height: 24), pinIsSet: true)
        Kiosk.apply(.login(.success), to: &state)
        // Undo acts (and shows) only when there is something to undo; on the
        // Mark sheet letters go to names, so it is Ctrl-Z there (u elsewhere).
        #expect(press(&state, [.control("z")], roster).isEmpty)
        let undoable = KioskContext(roster: roster, settings: Settings(idleLogoutMinutes: 2), now: now, canUndo: true)
        #expect(Kiosk.update(&state, .key(.character("u")), undoable) == [])
        #expect(Kiosk.update(&state, .key(.control("z")), undoable) == [.undo])
        #expect(press(&state, [.character("q"), .character("l")], roster).isEmpty)
        #expect(state.confirming == nil && state.side == .admin(.mark), "q and l are letters of names on the sheet")
        #expect(press(&state, [.control("q")], roster).isEmpty)
        #expect(state.confirming == .quit)
        #expect(press(&state, [.escape], roster).isEmpty)
        // Where letters are not names (Settings), u, q and l are keys.
        _ = press(&state, [.tab, .tab, .tab, .tab], roster)
        #expect(state.side == .admin(.settings))
        #expect(Kiosk.update(&state, .key(.character("u")), undoable) == [.undo])
        // Quitting asks first: Esc (or any other key) keeps the board running, Enter quits.
        #expect(press(&state, [.character("q")], roster).isEmpty)
        #expect(state.confirming == .quit)
        #expect(press(&state, [.escape], roster).isEmpty)
        #expect(state.confirming == nil)
        // Caps Lock on: Q is q, and still only asks.
        #expect(press(&state, [.character("Q")], roster).isEmpty)
        #expect(press(&state, [.enter], roster) == [.quit])
        _ = press(&state, [.character("L")], roster)
        #expect(state.side == .child(.tasks))
    }
}
