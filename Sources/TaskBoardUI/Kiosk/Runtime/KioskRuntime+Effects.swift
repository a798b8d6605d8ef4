import Foundation
import TaskBoard

/// The effects of a key or tap performed on the daycare: a change is on
/// disk (or committed) before the status line says it is.
extension KioskRuntime {
    /// Forgets the child, then carries on with the data read afresh: what
    /// could be undone before is gone (it could bring the child back), and
    /// undo says so. The log says a child was forgotten, never who.
    /// Data that cannot be read again after it stops the kiosk (nil), so
    /// that nothing in memory is written back over what was forgotten.
    func forget(_ child: ChildID) -> KioskOutcome? {
        guard let forgetter, viewerChanges == nil else { return .refused(.unknownChild(child)) }
        forgetPreview = nil
        let outcome = forgetter.forget(child, daycare)
        guard let fresh = outcome.daycare else {
            // Nothing of the old data may be written back at the stop.
            daycare.dropCaches()
            return nil
        }
        // Nothing begun (a database out of reach): what could be undone stays.
        guard outcome.report.refused == nil else { return .forgotten(outcome.report) }
        daycare = fresh
        daycare.startHistory(afterForgetting: outcome.report.child)
        return .forgotten(outcome.report)
    }

    /// What the effect came to; nil for quit.
    func perform(_ effect: KioskEffect) -> KioskOutcome? {
        do {
            switch effect {
            case .setFirstPin(let pin, let confirmation):
                try daycare.pin.setInitialPin(pin, confirmation: confirmation)
                // The first start's language (--lang, or the locale) is the
                // daycare's until Settings changes it: printing and the
                // commands speak it too.
                if daycare.settings.language == nil {
                    var settings = daycare.settings
                    settings.language = screen.strings.language.rawValue
                    // The PIN is set whatever comes of this; a language not kept is said in the log.
                    do { try daycare.updateSettings(settings) } catch { log("the first start's language not kept: \(error)") }
                }
                return .pinSet
            case .login(let pin):
                return .login(try daycare.pin.attempt(pin))
            case .toggleMark(let child, let task):
                return .marked(try daycare.toggle(child: child, task: task))
            case .setAway(let child, let away):
                // Already so (another screen or a command was first): say how it stands.
                let change = try daycare.setAway(child: child, away: away)
                return .attendance(try change ?? daycare.attendanceToday(of: child))
            case .tickAll(let task, let children):
                // Ticked for all who lack it; where none does, taken back from all.
                let marks = try daycare.marks(on: daycare.today)
                let board = children.filter { daycare.roster.child($0).map { daycare.roster.board(of: $0, on: daycare.today).contains(task) } == true }
                let allDone = !board.isEmpty && board.allSatisfy { marks.isDone($0, task) }
                return .markedAll(try daycare.setMarks(task: task, children: board, done: !allDone))
            case .roster(let command):
                return .edited(try daycare.perform(command))
            case .forgetChild(let child):
                return forget(child)
            case .settings(let settings):
                let change = SettingsChange(from: daycare.settings, to: settings)
                try daycare.updateSettings(settings)
                if let language = settings.language.flatMap(Language.init(rawValue:)), let strings = languages[language] {
                    screen = screen.speaking(strings)
                }
                return .settingsSaved(change)
            case .checkCurrentPin(let pin):
                return .currentPinChecked(try daycare.pin.attempt(pin))
            case .changePin(let current, let new, let confirmation):
                try daycare.pin.change(current: current, to: new, confirmation: confirmation)
                return .pinChanged
            case .undo:
                return .undone(try daycare.undo())
            case .readAloud:
                // What the screen shows now, read as the frame reads it.
                pendingSpeech.append(.screen(row: nil))
                return .spoken
            case .readAloudRow(let child):
                pendingSpeech.append(.screen(row: child))
                return .spoken
            case .readAloudGoal(let group):
                pendingSpeech.append(.goal(group))
                return .spoken
            case .sayChoice:
                pendingSpeech.append(.choice)
                return .spoken
            case .quit:
                return nil
            }
        } catch let error as TaskBoardError {
            return .refused(error)
        } catch let underway as SaveUnderway {
            return .underway(underway.subject)
        } catch let uncertain as any UncertainSave where uncertain.mayBeSaved {
            log("\(effect): \(uncertain) (written, and neither made durable nor taken back: it may be on disk)")
            return .maybeSaved("\(uncertain)")
        } catch {
            log("\(effect): \(error)")
            return .saveFailed("\(error)")
        }
    }
}
