import Foundation
import Testing
@testable import TaskBoard

/// Another kiosk's changes taken in part by part (`Daycare.take`): after
/// them, the daycare shows what a daycare read anew from the same store
/// shows, though it read again only what it was told changed.
@Suite struct DaycareNewsTests {
    private let monday = Fixture.instant("2026-11-23", 10, utcOffsetHours: 2)

    /// What a screen shows of a daycare, to compare two of them.
    private func shown(_ daycare: Daycare) throws -> [String] {
        var lines = [daycare.roster.groups.map(\.name).joined(separator: ","), "\(daycare.settings.goalPerChild)",
                     "\(daycare.attendance)", "pin set: \(daycare.pin.isSet)"]
        for period in Period.allCases {
            lines.append("\(period): " + daycare.leaderboard(.allGroups, period).map { "\($0.child.name) \($0.points)" }.joined(separator: ", "))
        }
        for child in daycare.roster.children {
            lines.append("\(child.name): \(try daycare.marks(on: daycare.today).tasksDone(by: child.id)) \(try daycare.weekStrip(of: child.id).map(\.points))")
        }
        return lines
    }

    @Test func eachChangeReadInPlaceShowsWhatAFreshReadShows() throws {
        let f = try Fixture.small(at: monday)
        let here = f.daycare
        _ = try shown(here)
        // The other kiosk: the same store, through a daycare of its own.
        let other = try f.restarted()
        let yesterday = here.today.advanced(by: -1)
        try other.toggle(child: f.aino, task: f.tidy)
        try other.setMark(child: f.ville, task: f.teeth, done: true, on: yesterday)
        try other.edit(RosterChange(.renameGroup, "Bears")) { (r: inout Roster) throws(TaskBoardError) in try r.renameGroup(f.bears, to: "Karhut") }
        var settings = other.settings
        settings.goalPerChild += 1
        try other.updateSettings(settings)
        try other.setAway(child: f.eero, away: true)
        try other.pin.setInitialPin("4829", confirmation: "4829")
        #expect(try shown(here) != shown(f.restarted()), "the other kiosk's changes are not seen before they are taken")

        try here.take([.marks(here.today), .marks(yesterday), .roster, .settings, .attendance, .pin])
        #expect(try shown(here) == shown(f.restarted()))
        #expect(try here.isDone(child: f.ville, task: f.teeth, on: yesterday))
    }

    @Test func onlyWhatIsNamedIsReadAgain() throws {
        let f = try Fixture.small(at: monday)
        let here = f.daycare
        let other = try f.restarted()
        try other.toggle(child: f.aino, task: f.tidy)
        try other.edit(RosterChange(.renameGroup, "Bears")) { (r: inout Roster) throws(TaskBoardError) in try r.renameGroup(f.bears, to: "Karhut") }
        try here.take([.marks(here.today)])
        #expect(try here.isDone(child: f.aino, task: f.tidy), "the day named is read again")
        #expect(here.roster.group(f.bears)?.name == "Bears", "the roster, not named, is not read")
        try here.take([.roster])
        #expect(here.roster.group(f.bears)?.name == "Karhut")
    }

    /// A day before the summary's window (a correction from the command
    /// line): read again where it had been read.
    @Test func anOldDayReadBeforeIsReadAgain() throws {
        let f = try Fixture.small(at: monday)
        let here = f.daycare
        let old = here.today.advanced(by: -(MarkSummary.windowLength + 10))
        #expect(try !here.isDone(child: f.aino, task: f.dress, on: old))
        let other = try f.restarted()
        try other.setMark(child: f.aino, task: f.dress, done: true, on: old)
        #expect(try !here.isDone(child: f.aino, task: f.dress, on: old), "not seen before it is taken")
        try here.take([.marks(old)])
        #expect(try here.isDone(child: f.aino, task: f.dress, on: old))
    }

    /// What this kiosk did can still be undone after another kiosk's
    /// change; a roster edit only while no other roster came in after it
    /// (undoing it would put back a roster older than the other's).
    @Test func undoKeepsTicksAndDropsRosterEditsOnceAnotherRosterCameIn() throws {
        let f = try Fixture.small(at: monday)
        let here = f.daycare
        try here.toggle(child: f.aino, task: f.dress)
        try here.edit(RosterChange(.renameTask, "Tidy the toys")) { (r: inout Roster) throws(TaskBoardError) in try r.renameTask(f.tidy, to: "Tidy up") }
        let other = try f.restarted()
        try other.toggle(child: f.eero, task: f.dress)
        try here.take([.marks(here.today), .roster])
        #expect(try here.undo() == .roster(RosterChange(.renameTask, "Tidy the toys")), "the roster is as this kiosk left it")
        try here.edit(RosterChange(.renameTask, "Brush teeth")) { (r: inout Roster) throws(TaskBoardError) in try r.renameTask(f.teeth, to: "Teeth") }
        // The other kiosk, having taken this one's edit, renames a group.
        try other.take([.roster])
        try other.edit(RosterChange(.renameGroup, "Bears")) { (r: inout Roster) throws(TaskBoardError) in try r.renameGroup(f.bears, to: "Karhut") }
        try here.take([.roster])
        guard case .mark(let tick) = try here.undo() else { Issue.record("expected the tick"); return }
        #expect(tick.child.id == f.aino && !tick.done)
        #expect(!here.canUndo)
        #expect(try here.isDone(child: f.eero, task: f.dress), "the other kiosk's tick stays")
        #expect(f.store.roster?.group(f.bears)?.name == "Karhut" && f.store.roster?.task(f.teeth)?.name == "Teeth")
    }
}
