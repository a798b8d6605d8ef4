import Foundation
import TaskBoard

/// What changed outside the kiosk, taken in when the wait for input ends
/// without a key: what another kiosk (or the kiosk a viewer stands beside)
/// changed, read again part by part; the shared database's state and late
/// answers; the ticks `taskboard mark` handed to this kiosk; and the day's change.
extension KioskRuntime {
    /// Takes in the news, when the wait for input ended without a key: a
    /// wake (another kiosk's change, the database's state, a request) or
    /// the moment `wait` allowed.
    func takeOutsideNews() {
        newsTakenAt = daycare.uptime
        if let viewerChanges { take(viewerChanges(daycare.today)) }
        if let shared {
            take(shared.takeChanges())
            takeStatus(of: shared)
        }
        serveMarkRequests()
    }

    /// The shared database's state: offline or not (said in the log once
    /// each time it goes, and when the cause changes), and answers that
    /// came after the screen stopped waiting.
    private func takeStatus(of shared: any SharedStore) {
        let offline = shared.offline
        if let offline, offline.refusal != state.offline?.refusal || state.offline == nil {
            log("offline: \(offline.reason)")
        } else if offline == nil, state.offline != nil {
            log("online again")
        }
        state.offline = offline
        if offline?.refusal == .removed { return }
        let answers = shared.takeLateAnswers()
        for answer in answers {
            if case .unknown(let error) = answer.outcome { log("\(answer.subject) saved late or not at all: \(error)") }
        }
        // Several at once: one that did not go as hoped is the one to read.
        if let shown = answers.last(where: { $0.outcome != .saved }) ?? answers.last { state.notice = .lateAnswer(shown) }
    }

    /// A new day: yesterday's notice goes, and on a data directory the
    /// oldest day kept may age out (said in the log).
    func takeDayChange() {
        do {
            guard try daycare.syncDay() else { return }
            shown = nil
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
            shown = nil
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
