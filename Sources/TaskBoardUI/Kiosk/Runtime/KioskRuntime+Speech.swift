import Foundation
import TaskBoard

/// What the kiosk says aloud: the voice asked for, what a screen or a
/// change says, and the room's day's changes on the child side.
extension KioskRuntime {
    /// Read aloud asked for where the voice cannot speak: the log says why,
    /// once (Settings says it on screen; a child's screen never does).
    func noteVoiceProblem() {
        guard !voiceProblemLogged, daycare.settings.readAloud, case .unavailable(let problem)? = speaker?.availability else { return }
        voiceProblemLogged = true
        log("read aloud is on but not available: \(problem)")
    }

    /// Whether sentences are said now.
    var speaks: Bool { daycare.settings.readAloud && speaker?.availability.isAvailable == true }

    /// Hands an utterance to the speaker, when sentences are said now.
    func say(_ utterance: Utterance?) {
        guard speaks, let utterance else { return }
        if let recordings { speaker?.use(RecordedNames(roster: daycare.roster, files: recordings())) }
        speaker?.say(utterance)
    }

    /// Says what the event asked for, from the data the frame just drawn
    /// showed: a person sees what they hear about, and nothing is read twice.
    func sayPending(_ data: KioskSnapshot) {
        announceChanges(data)
        let pending = pendingSpeech
        pendingSpeech = []
        let narrator = Narrator(strings: screen.strings)
        for saying in pending {
            switch saying {
            case .screen(let row): say(narrator.screen(state, data, row: row).map(Utterance.asked))
            case .goal(let group): say(narrator.goal(of: group, state, data).map(Utterance.asked))
            case .choice: say(narrator.choice(state, data).map(Utterance.choice))
            case .praise(let praise): say(.praise(praise))
            }
        }
    }

    /// Says the coming change and the change itself for the Today tab's
    /// group (chosen there; else the group of the child who last opened
    /// their board, or the only one), on the child side only.
    func announceChanges(_ data: KioskSnapshot) {
        let roster = data.roster
        guard speaks, case .child = state.side,
              let group = state.today.group ?? state.tasks.opened.flatMap({ roster.child($0)?.groupID }) ?? (roster.groups.count == 1 ? roster.groups[0].id : nil),
              announcedMinute.map({ ($0.day, $0.minute) != (data.today, data.calendar.timeOfDay(of: data.now).minutes) }) ?? true,
              let day = data.roomDay(group) else { return }
        let clock = data.calendar.timeOfDay(of: data.now)
        announcedMinute = (data.today, clock.minutes)
        announced = announced.filter { $0.day == data.today }
        let narrator = Narrator(strings: screen.strings)
        for (notice, sentence) in narrator.changes(in: day, at: clock, warning: data.settings.changeWarningMinutes)
        where announced.insert(notice).inserted {
            say(.notice(sentence))
        }
    }

    /// Praise for a tick, said in turn; a tick taken back before its praise
    /// was said is not praised. Read aloud turned off hushes at once.
    func speak(of outcome: KioskOutcome) {
        switch outcome {
        case .marked(let change) where !change.done:
            speaker?.withdraw([TickKey(child: change.child.id, task: change.task.id)])
        case .markedAll(let change) where !change.done:
            speaker?.withdraw(Set(change.children.map { TickKey(child: $0.id, task: change.task.id) }))
        case .settingsSaved(.readAloud(false)):
            speaker?.hush()
        default:
            if let praise = Narrator(strings: screen.strings).praise(for: outcome) { pendingSpeech.append(.praise(praise)) }
        }
    }
}

/// What an event asked to be said once its frame is drawn.
enum PendingSpeech {
    /// The screen read aloud; `row` a leaderboard row tapped.
    case screen(row: ChildID?)
    /// A group's goal tapped.
    case goal(GroupID)
    /// The name chosen on a list.
    case choice
    case praise(Praise)
}
