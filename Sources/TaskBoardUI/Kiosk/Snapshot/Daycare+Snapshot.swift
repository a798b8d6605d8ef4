import Foundation
import TaskBoard

extension Daycare {
    /// What the frame for `state` shows, read now: the runtime calls this
    /// before each frame, and drawing reads only the result. `language`
    /// orders names as the screen's language does. Without a state, only
    /// what every screen's keys need (no page).
    public func snapshot(for state: KioskState?, language: Language) -> KioskSnapshot {
        var snapshot = KioskSnapshot(
            roster: roster, settings: settings, calendar: calendar, today: today, now: now, uptime: uptime, canUndo: canUndo,
            pin: pin.status(), awayToday: attendance.away[today] ?? [])
        guard let state else { return snapshot }
        // A question over the tab: what the change asked about would take.
        if case .confirmation(.roster(let command))? = state.overlays.last {
            snapshot.page = .confirmation(confirmationFacts(command))
        } else {
            state.side.tab.read(state, from: self, order: NameOrder(language: language.rawValue), into: &snapshot)
        }
        return snapshot
    }

    private func confirmationFacts(_ command: RosterCommand) -> ConfirmationFacts {
        let preview: DeletePreview? = switch command {
        case .deleteTask(let id): previewDelete(task: id)
        case .deleteGroup(let id): previewDelete(group: id)
        case .deleteChild(let id): previewDelete(child: id)
        default: nil
        }
        // Ticks that cannot be read are not named: the change itself still says what it takes.
        return ConfirmationFacts(ticksTaken: (try? ticksTaken(by: command)) ?? [], preview: preview)
    }
}

extension Readout where Failure == ReadFailure {
    /// What `read` gives, or why it failed.
    init(_ read: () throws -> Success) {
        do { self = .success(try read()) } catch { self = .failure(ReadFailure(error)) }
    }
}

/// Days of history for a page, read one after another until one cannot be
/// (a database that does not answer within its patience, a damaged journal):
/// after that only days already in memory are shown, the others are left
/// not known for this frame rather than each waiting in turn, so a frame
/// never waits for more than one read.
struct HistoryReading {
    let daycare: Daycare
    private(set) var gaveUp = false

    init(daycare: Daycare) {
        self.daycare = daycare
    }

    mutating func cell(of child: ChildID, on day: Day) -> HistoryCell? {
        guard !gaveUp else { return daycare.historyCellIfRead(of: child, on: day) }
        do {
            return try daycare.historyCell(of: child, on: day)
        } catch {
            gaveUp = true
            return nil
        }
    }

    mutating func month(of child: ChildID, monthsBack: Int) -> ChildMonth {
        let month = ChildMonthPage.month(monthsBack, from: daycare.today)
        var days: [(day: Day, cell: HistoryCell?)] = []
        for day in month...month.endOfMonth { days.append((day, cell(of: child, on: day))) }
        return ChildMonth(child: child, month: month, days: days)
    }

    mutating func week(of group: GroupID, weeksBack: Int) -> GroupWeek {
        let monday = daycare.today.startOfWeek.advanced(by: -7 * weeksBack)
        var rows: [(child: Child, cells: [HistoryCell?])] = []
        for child in daycare.roster.children(in: group) {
            var cells: [HistoryCell?] = []
            for offset in 0..<7 { cells.append(cell(of: child.id, on: monday.advanced(by: offset))) }
            rows.append((child, cells))
        }
        return GroupWeek(group: group, monday: monday, rows: rows)
    }
}
