import Foundation
import TaskBoard

/// What changed outside the kiosk, taken in before each event: the data
/// read afresh (another kiosk's change, a viewer's files), the shared
/// database's state and late answers, the day's change, and the ticks
/// `taskboard mark` handed to this kiosk.
extension KioskRuntime {
    /// Takes in the news; false when the kiosk was shut out of its
    /// database, and the event is to do nothing else.
    func takeOutsideNews(timer: Bool) -> Bool {
        // A viewer reads the files again when no key came for a while; a
        // kiosk on a shared database asks its store (memory) on every event,
        // so that a stream of keys does not hide the other kiosks' changes
        // or the connection's state.
        if let fresh = (timer ? reload?() : nil) ?? shared?.refresh() {
            take(fresh)
        }
        if let shared, !takeStatus(of: shared) { return false }
        takeDayChange()
        serveMarkRequests()
        return true
    }

    /// The shared database's state: offline or not (said in the log once
    /// each time it goes, and when the cause changes), and answers that
    /// came after the screen stopped waiting. False when removed.
    private func takeStatus(of shared: SharedData) -> Bool {
        let offline = shared.offline()
        if let offline, offline.refusal != state.offline?.refusal || state.offline == nil {
            log("offline: \(offline.reason)")
        } else if offline == nil, state.offline != nil {
            log("online again")
        }
        state.offline = offline
        if offline?.refusal == .removed { return false }
        let answers = shared.lateAnswers()
        for answer in answers {
            if case .unknown(let error) = answer.outcome { log("\(answer.subject) saved late or not at all: \(error)") }
        }
        // Several at once: one that did not go as hoped is the one to read.
        if let shown = answers.last(where: { $0.outcome != .saved }) ?? answers.last { state.notice = .lateAnswer(shown) }
        return true
    }

    /// A new day: yesterday's notice goes, and on a data directory the
    /// oldest day kept may age out (said in the log).
    private func takeDayChange() {
        do {
            guard try daycare.syncDay() else { return }
            shownFrame = nil
            state.notice = nil
            if shared == nil { daycare.removeHistoryNotKept() }
        } catch {
            log("day change: \(error)")
            state.notice = .saveFailed("\(error)")
        }
    }

    /// The ticks other programs (`taskboard mark`) handed to this kiosk, made here.
    private func serveMarkRequests() {
        for outcome in serveRequests?(daycare) ?? [] {
            shownFrame = nil
            switch outcome {
            case .success(.mark(let change)):
                state.notice = .marked(change)
            case .success(.away(let change)):
                state.notice = .attendance(change)
            case .success(.roster(let change)):
                state.notice = .edited(change)
            case .failure(is TaskBoardError):
                break // refused by the rules: the command that asked says why
            case .failure(let error):
                log("taskboard mark: \(error)")
                state.notice = .saveFailed("\(error)")
            }
        }
    }
}
