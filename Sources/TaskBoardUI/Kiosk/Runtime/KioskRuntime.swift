import Foundation
import TaskBoard

/// Runs the kiosk: feeds events to `Kiosk.update`, performs the effects on
/// the `Daycare` (so a change is on disk before the status line confirms it),
/// and draws each frame on a `Terminal`. Tests drive `handle` directly.
public final class KioskRuntime {
    public private(set) var daycare: Daycare
    public private(set) var state: KioskState
    public private(set) var screen: KioskScreen
    /// Every language's texts, so a change in Settings shows at once (from
    /// the first frame on, when `otherLanguages` has been read).
    private var languages: [Language: Strings]
    /// The languages not yet read, read by `run` after the first frame.
    private let otherLanguages: (() throws -> [Language: Strings])?
    /// Off with `--no-kiosk`: then Ctrl-C and `q` quit from anywhere.
    public let kiosk: Bool
    /// Where failures go; never the terminal while ncurses owns it.
    private let log: (String) -> Void
    /// Set for a viewer (a second screen beside the kiosk): asked each
    /// second without a key for the data as it is now, it returns a fresh `Daycare`
    /// when the kiosk has changed something, else nil. A viewer shows the
    /// child side only and never writes.
    private let reload: (() -> Daycare?)?
    /// Applies the ticks other programs (`taskboard mark`) asked this kiosk
    /// to make, checked on every event; returns what each came to.
    private let serveRequests: ((Daycare) -> [Result<HandedChange, Error>])?
    /// Set for a kiosk on a shared database: asked on every event (another
    /// kiosk's change wakes the wait; its state is looked at twice a second).
    private let shared: SharedData?
    /// Says the child's board, the names chosen and the praise aloud, in
    /// turn, when Settings asks for it; nil for a viewer.
    public private(set) var speaker: Speaker?
    /// Makes the voice after the first frame (`run`): looking for the speech
    /// program and a sound device is not what a person waits for at start.
    private let laterVoice: (() -> Voice?)?
    private let speechTime: SpeechTime
    /// Where each of the staff's recordings is now (a data directory's
    /// `voices/`), looked at before each sentence is handed over, so a
    /// `taskboard voice add` beside the kiosk is heard at once.
    private let recordings: (() -> [VoiceKey: String])?
    /// Whether the voice's problem has been logged: once a run.
    private var voiceProblemLogged = false
    /// Whether a request from `taskboard mark` wakes the terminal's wait now
    /// (a watched folder); without, the kiosk looks for them every second.
    private let requestsWake: () -> Bool
    /// Forgets a child for good (a data directory, or a shared database
    /// while it can be reached); nil for a viewer, and the key is not offered.
    private let forgetter: ChildForgetter?
    /// What forgetting the child asked about would take away, read once
    /// when the confirmation opens (it reads every journal).
    private var forgetPreview: (child: ChildID, preview: Readout<ForgetPreview>)?

    /// How long the wait for input may last: until the next moment the
    /// screen changes by itself (`KioskWake`), and no longer than news that
    /// is only found by looking allows: a viewer's files, a shared
    /// database's state, requests nothing wakes the kiosk for.
    private var wait: TimeInterval {
        let lockedUntil: Date? = if case .locked(let until, _) = daycare.pin.status() { until } else { nil }
        let due = KioskWake.seconds(for: state, now: daycare.now, uptime: daycare.uptime,
                                    idleLogoutMinutes: daycare.settings.idleLogoutMinutes, lockedUntil: lockedUntil)
        let look: TimeInterval = if shared != nil { 0.5 } else if reload != nil || (serveRequests != nil && !requestsWake()) { 1 } else { .infinity }
        return min(due, look)
    }

    public init(daycare: Daycare, screen: KioskScreen, size: Size, kiosk: Bool = true, languages: [Language: Strings] = [:],
                otherLanguages: (() throws -> [Language: Strings])? = nil,
                log: @escaping (String) -> Void = { _ in }, viewerReload reload: (() -> Daycare?)? = nil,
                serveRequests: ((Daycare) -> [Result<HandedChange, Error>])? = nil, requestsWake: @escaping () -> Bool = { false }, shared: SharedData? = nil,
                voice: Voice? = nil, laterVoice: (() -> Voice?)? = nil, speechTime: SpeechTime = .system,
                recordings: (() -> [VoiceKey: String])? = nil, forgetter: ChildForgetter? = nil,
                checkSeed: UInt64 = .random(in: .min ... .max)) {
        self.shared = shared
        self.forgetter = forgetter
        self.speechTime = speechTime
        self.recordings = recordings
        speaker = voice.map { Speaker(voice: $0, time: speechTime) }
        self.laterVoice = laterVoice
        self.daycare = daycare
        self.screen = languages.isEmpty ? screen : screen.measuringBars(in: Array(languages.values))
        self.languages = languages
        self.otherLanguages = otherLanguages
        self.kiosk = kiosk
        self.log = log
        self.reload = reload
        self.serveRequests = serveRequests
        self.requestsWake = requestsWake
        state = KioskState(size: size, pinIsSet: daycare.pin.isSet, uptime: daycare.uptime, viewOnly: reload != nil, checkSeed: checkSeed)
        noteStoreProblems()
        noteVoiceProblem()
    }

    /// Read aloud asked for where the voice cannot speak: the log says why,
    /// once (Settings says it on screen; a child's screen never does).
    private func noteVoiceProblem() {
        guard !voiceProblemLogged, daycare.settings.readAloud, case .unavailable(let problem)? = speaker?.availability else { return }
        voiceProblemLogged = true
        log("read aloud is on but not available: \(problem)")
    }

    /// Whether sentences are said now.
    private var speaks: Bool { daycare.settings.readAloud && speaker?.availability.isAvailable == true }

    /// Hands an utterance to the speaker, when sentences are said now.
    private func say(_ utterance: Utterance?) {
        guard speaks, let utterance else { return }
        if let recordings { speaker?.use(RecordedNames(roster: daycare.roster, files: recordings())) }
        speaker?.say(utterance)
    }

    /// The data as the frame for `state` shows it (nil: the state's page left out), with whether the voice can speak.
    private func data(for state: KioskState?) -> KioskSnapshot {
        var data = daycare.snapshot(for: state, language: screen.strings.language)
        data.voice = speaker?.availability
        if state?.side == .admin(.settings) {
            let roster = data.roster
            data.recordedNames = recordings.map { $0().keys.sorted().compactMap(roster.name) }
        }
        data.kiosks = shared?.kiosks()
        data.setsHistory = reload == nil
        data.canForget = reload == nil && forgetter != nil
        if let forgetter, case .confirmation(.forgetChild(let child))? = state?.overlays.last {
            if forgetPreview?.child != child {
                forgetPreview = (child, Readout { try forgetter.preview(child, daycare) })
            }
            data.page = forgetPreview.map { .forgetting($0.preview) }
        } else if state != nil {
            // Asked again later, the counts are read again (ticks since).
            forgetPreview = nil
        }
        return data
    }

    /// The description of the cache failure last reported, so each is logged once.
    private var reportedCacheProblem: String?
    /// The daily backup's failure last logged (at start or at a day's change), so each is logged once.
    private var reportedBackupProblem: String?

    /// A summary that could not be saved (a full or read-only disk) is
    /// logged and shown once, as a warning rather than a failure: the board
    /// goes on, and a tick that cannot be saved is refused on its own.
    private func noteStoreProblems() {
        // What the store mended on its own (a torn journal end cut off): logged, never silent.
        for note in daycare.takeStorageNotes() { log(note) }
        let backup = daycare.backupProblem.map { "\($0)" }
        if backup != reportedBackupProblem {
            reportedBackupProblem = backup
            if let backup { log("backup failed: \(backup)") }
        }
        noteTicksAhead()
        let text = daycare.cacheProblem.map { "\($0)" }
        guard text != reportedCacheProblem else { return }
        reportedCacheProblem = text
        guard let text else { return }
        log("summary not saved (a cache; nothing lost): \(text)")
        state.notice = .cannotWrite(text)
    }

    /// The days still to come that held ticks when last looked at, so each set is said once.
    private var reportedDaysAhead: [Day] = []

    /// Ticks saved while the clock was ahead (found at start, or once the
    /// clock is set back) are on no board: said on the status line and in
    /// the log, with what an adult runs, rather than left for `check` to find.
    private func noteTicksAhead() {
        let days = daycare.daysTickedAhead
        guard days != reportedDaysAhead else { return }
        reportedDaysAhead = days
        guard !days.isEmpty else { return }
        log("ticks saved for \(days.map(\.description).joined(separator: ", ")) while the clock was ahead (today is \(daycare.today)): "
            + "no board shows them; taskboard check --repair keeps them aside with the commands that count them on their day")
        state.notice = .tickedAhead(days)
    }

    /// The frame for the state as it is: the data it shows read first, then drawn.
    public func render() -> ScreenBuffer { screen.render(state, snapshot()) }

    /// What the screen in `state` shows, read now.
    public func snapshot() -> KioskSnapshot { data(for: state) }

    /// Puts a notice on the status line, as a change would (at start: why
    /// nothing can be saved).
    public func announce(_ notice: Notice) { state.notice = notice }

    /// Handles one event; returns false when the program should quit.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        if !kiosk, case .key(let key) = event, key == .control("c") || ((key == .character("q") || key == .character("Q")) && isChildSide) {
            return false
        }
        // A viewer reads the files again when no key came for a second; a
        // kiosk on a shared database asks its store (memory) on every event,
        // so that a stream of keys does not hide the other kiosks' changes
        // or the connection's state.
        let timer = if case .tick = event { true } else { false }
        if let fresh = (timer ? reload?() : nil) ?? shared?.refresh() {
            take(fresh)
        }
        if let shared {
            let offline = shared.offline()
            // Said once in the log when it goes offline, and again only when the cause changes.
            if let offline, offline.refusal != state.offline?.refusal || state.offline == nil {
                log("offline: \(offline.reason)")
            } else if offline == nil, state.offline != nil {
                log("online again")
            }
            state.offline = offline
            // Shut out of the database (`taskboard rooms revoke`): the screen says so and takes no key or tap.
            if offline?.refusal == .removed {
                if case .resize(let size) = event { state.size = size }
                return true
            }
            let answers = shared.lateAnswers()
            for answer in answers {
                if case .unknown(let error) = answer.outcome { log("\(answer.subject) saved late or not at all: \(error)") }
            }
            // Several at once: one that did not go as hoped is the one to read.
            if let shown = answers.last(where: { $0.outcome != .saved }) ?? answers.last { state.notice = .lateAnswer(shown) }
        }
        do {
            if try daycare.syncDay() {
                state.notice = nil
                // A new day: the oldest day kept may have aged out (said in the log).
                if shared == nil { daycare.removeHistoryNotKept() }
            }
        } catch {
            log("day change: \(error)")
            state.notice = .saveFailed("\(error)")
        }
        for outcome in serveRequests?(daycare) ?? [] {
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
        let common = data(for: nil)
        announceChanges(common)
        var context = screen.context(for: state, data: common)
        // A tap acts on what the frame on screen drew where it landed.
        if event.isPointer { context = context.with(targets: render().targets) }
        for effect in Kiosk.update(&state, event, context) {
            // Checking a PIN takes a slow hash (a fraction of a second, on
            // purpose): the key's frame says so first, rather than freeze.
            let shown = state.notice
            if effect.checksPin || effect.forgets, let drawNow {
                state.notice = effect.forgets ? .forgetting : .checkingPin
                drawNow(render())
            }
            guard let outcome = perform(effect) else { return false }
            Kiosk.apply(outcome, to: &state, roster: daycare.roster, avatars: screen.avatars)
            speak(of: outcome)
            // An outcome that says nothing on the status line (a form that shows the problem) leaves it as it was.
            if state.notice == .checkingPin || state.notice == .forgetting { state.notice = shown }
        }
        noteStoreProblems()
        noteVoiceProblem()
        if let shared { state.sending = shared.waiting() }
        return true
    }

    /// Draws a frame in the middle of an event, before slow work (set by
    /// `run`; tests set their own to see the frames).
    public var drawNow: ((ScreenBuffer) -> Void)?

    /// Draws, waits for input (or the next moment the screen changes by
    /// itself: a minute, the idle reset, a notice's end), and handles it,
    /// until an effect asks to quit.
    ///
    /// The first frame comes before the rest of the data is read (see
    /// `Daycare.finishOpening`) and the other languages' texts: a person
    /// sees the board while they load. Data that cannot be read ends the
    /// run with its error, for the caller to say once the terminal is given back.
    public func run(on terminal: Terminal) throws {
        if state.size != terminal.size { state.size = terminal.size }
        drawNow = { terminal.draw($0) }
        // Nothing goes on speaking, or is left behind, after the kiosk.
        defer { speaker?.close() }
        terminal.draw(render())
        try daycare.finishOpening()
        // History older than the setting keeps goes, once the board is up (said in the log).
        if shared == nil, reload == nil { daycare.removeHistoryNotKept() }
        if let otherLanguages {
            languages.merge(try otherLanguages()) { read, _ in read }
            screen = screen.measuringBars(in: Array(languages.values))
        }
        if let laterVoice { speaker = laterVoice().map { Speaker(voice: $0, time: speechTime) } }
        noteStoreProblems()
        noteVoiceProblem()
        while true {
            terminal.draw(render())
            guard let event = terminal.nextEvent(timeout: wait) ?? (terminal.isGone ? nil : .tick(daycare.now)) else {
                log(terminal.stopRequest.map { "asked to stop (\($0)); stopping" } ?? "the terminal is gone (hung up); stopping")
                return
            }
            guard handle(event) else { return }
        }
    }

    /// The same data read afresh (another kiosk changed it, or a save the
    /// screen stopped waiting for came through): what can be undone here
    /// stays, and the language follows the settings.
    private func take(_ fresh: Daycare) {
        fresh.continueHistory(of: daycare)
        let language = fresh.settings.language.flatMap(Language.init(rawValue:))
        let spoken = daycare.settings.language.flatMap(Language.init(rawValue:))
        daycare = fresh
        if language != spoken, let language, let strings = languages[language] {
            screen = screen.speaking(strings)
        }
    }

    /// The changes of the room's day said so far, so each is said once.
    private var announced: Set<ChangeNotice> = []
    /// The minute last looked at: changes come by the minute, so a run of
    /// keys within one looks once.
    private var announcedMinute: (day: Day, minute: Int)?

    /// Says the coming change and the change itself for the Today tab's
    /// group (chosen there; else the group of the child who last opened
    /// their board, or the only one), on the child side only.
    private func announceChanges(_ data: KioskSnapshot) {
        let roster = data.roster
        guard speaks, case .child = state.side,
              let group = state.roomDay.group ?? state.tasks.opened.flatMap({ roster.child($0)?.groupID }) ?? (roster.groups.count == 1 ? roster.groups[0].id : nil),
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
    private func speak(of outcome: KioskOutcome) {
        switch outcome {
        case .marked(let change) where !change.done:
            speaker?.withdraw([TickKey(child: change.child.id, task: change.task.id)])
        case .markedAll(let change) where !change.done:
            speaker?.withdraw(Set(change.children.map { TickKey(child: $0.id, task: change.task.id) }))
        case .settingsSaved(.readAloud(false)):
            speaker?.hush()
        default:
            say(Narrator(strings: screen.strings).praise(for: outcome).map(Utterance.praise))
        }
    }

    /// Forgets the child, then carries on with the data read afresh: what
    /// could be undone before is gone (it could bring the child back), and
    /// undo says so. The log says a child was forgotten, never who.
    /// Data that cannot be read again after it stops the kiosk (nil), so
    /// that nothing in memory is written back over what was forgotten.
    private func forget(_ child: ChildID) -> KioskOutcome? {
        guard let forgetter, reload == nil else { return .refused(.unknownChild(child)) }
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

    private var isChildSide: Bool {
        if case .admin = state.side { return false }
        return true
    }

    /// What the effect came to; nil for quit.
    private func perform(_ effect: KioskEffect) -> KioskOutcome? {
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
                say(Narrator(strings: screen.strings).screen(state, snapshot()).map(Utterance.asked))
                return .spoken
            case .readAloudRow(let child):
                say(Narrator(strings: screen.strings).screen(state, snapshot(), row: child).map(Utterance.asked))
                return .spoken
            case .readAloudGoal(let group):
                say(Narrator(strings: screen.strings).goal(of: group, state, snapshot()).map(Utterance.asked))
                return .spoken
            case .sayChoice:
                say(Narrator(strings: screen.strings).choice(state, snapshot()).map(Utterance.choice))
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

/// A kiosk on a database that other kiosks share: the runtime asks on every
/// event for the daycare as it is now (nil when nothing changed) and
/// whether the database can be reached.
public struct SharedData {
    public var refresh: () -> Daycare?
    public var offline: () -> Offline?
    /// The answers to saves the screen stopped waiting for, each given once.
    public var lateAnswers: () -> [LateAnswer]
    /// Changes made here that the server has not confirmed yet.
    public var waiting: () -> Int
    /// Every kiosk on the database as last read (Settings lists them).
    public var kiosks: () -> KioskRoll?

    public init(refresh: @escaping () -> Daycare?, offline: @escaping () -> Offline?,
                lateAnswers: @escaping () -> [LateAnswer] = { [] }, waiting: @escaping () -> Int = { 0 },
                kiosks: @escaping () -> KioskRoll? = { nil }) {
        self.refresh = refresh
        self.offline = offline
        self.lateAnswers = lateAnswers
        self.waiting = waiting
        self.kiosks = kiosks
    }
}
