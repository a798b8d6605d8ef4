import Foundation
import TaskBoard

/// Runs the kiosk: feeds events to `Kiosk.update`, performs the effects on
/// the `Daycare` (so a change is on disk before the status line confirms it),
/// and draws each frame on a `Terminal`. Tests drive `handle` directly.
public final class KioskRuntime {
    public internal(set) var daycare: Daycare
    public internal(set) var state: KioskState
    public internal(set) var screen: KioskScreen
    /// Every language's texts, so a change in Settings shows at once (from
    /// the first frame on, when `otherLanguages` has been read).
    var languages: [Language: Strings]
    /// The languages not yet read, read by `run` after the first frame.
    let otherLanguages: (() throws -> [Language: Strings])?
    /// Off with `--no-kiosk`: then Ctrl-C and `q` quit from anywhere.
    public let kiosk: Bool
    /// Where failures go; never the terminal while ncurses owns it.
    let log: (String) -> Void
    /// Set for a viewer (a second screen beside the kiosk): asked when the
    /// wait ends without a key (woken by a watch on the kiosk's files, else
    /// each second), with the day shown, for what the kiosk changed since
    /// the last look. A viewer shows the child side only and never writes.
    let viewerChanges: ((Day) -> Set<StoreChange>)?
    /// Applies the ticks other programs (`taskboard mark`) asked this kiosk
    /// to make, when the wait ends without a key; returns what each came to.
    let serveRequests: ((Daycare) -> [Result<HandedChange, Error>])?
    /// Set for a kiosk on a shared database: asked when the wait ends
    /// without a key (its worker wakes the wait on each change of the data,
    /// the connection or an answer).
    let shared: (any SharedStore)?
    /// Changes from elsewhere that could not be read when they came: asked
    /// again with the next news, and each second until they are read.
    var changesNotTaken: Set<StoreChange> = []
    /// Says the child's board, the names chosen and the praise aloud, in
    /// turn, when Settings asks for it; nil for a viewer.
    public internal(set) var speaker: Speaker?
    /// Makes the voice after the first frame (`run`): looking for the speech
    /// program and a sound device is not what a person waits for at start.
    let laterVoice: (() -> Voice?)?
    let speechTime: SpeechTime
    /// Where each of the staff's recordings is now (a data directory's
    /// `voices/`), looked at before each sentence is handed over, so a
    /// `taskboard voice add` beside the kiosk is heard at once.
    let recordings: (() -> [VoiceKey: String])?
    /// Whether the voice's problem has been logged: once a run.
    var voiceProblemLogged = false
    /// Whether news (a request from `taskboard mark`, a shared database's
    /// change, a viewer's files) wakes the terminal's wait now (a watched
    /// folder, the store's pipe); without, the kiosk looks for it every second.
    let newsWakes: () -> Bool
    /// Forgets a child for good (a data directory, or a shared database
    /// while it can be reached); nil for a viewer, and the key is not offered.
    let forgetter: ChildForgetter?
    /// What forgetting the child asked about would take away, read once
    /// when the confirmation opens (it reads every journal).
    var forgetPreview: (child: ChildID, preview: Readout<ForgetPreview>)?
    /// The frame on screen and the data it was drawn from, while nothing
    /// has changed since: the next event's context is made from that data,
    /// and a tap acts on that frame, neither read nor drawn again.
    var shown: (frame: ScreenBuffer, data: KioskSnapshot)?
    /// When outside news was last taken (uptime; `run` takes it before its first wait).
    var newsTakenAt: TimeInterval
    /// What the event asked to say, said once its frame is drawn.
    var pendingSpeech: [PendingSpeech] = []

    /// The description of the cache failure last reported, so each is logged once.
    var reportedCacheProblem: String?
    /// The daily backup's failure last logged (at start or at a day's change), so each is logged once.
    var reportedBackupProblem: String?
    /// The days still to come that held ticks when last looked at, so each set is said once.
    var reportedDaysAhead: [Day] = []
    /// The changes of the room's day said so far, so each is said once.
    var announced: Set<ChangeNotice> = []
    /// The minute last looked at: changes come by the minute, so a run of
    /// keys within one looks once.
    var announcedMinute: (day: Day, minute: Int)?

    /// How long the wait for input may last: until the next moment the
    /// screen changes by itself (`KioskWake`), and a second where news is
    /// only found by looking: where nothing could be set up to wake the
    /// wait, or a change could not be read when it came.
    var wait: TimeInterval {
        let lockedUntil: Date? = if case .locked(let until, _) = daycare.pin.status() { until } else { nil }
        let due = KioskWake.seconds(for: state, now: daycare.now, uptime: daycare.uptime,
                                    idleLogoutMinutes: daycare.settings.idleLogoutMinutes, lockedUntil: lockedUntil)
        return min(due, lookForNews)
    }

    /// How often news is looked for: each second where nothing wakes the wait for it.
    var lookForNews: TimeInterval {
        let looks = serveRequests != nil || shared != nil || viewerChanges != nil
        return !changesNotTaken.isEmpty || (looks && !newsWakes()) ? 1 : .infinity
    }

    public init(daycare: Daycare, screen: KioskScreen, size: Size, kiosk: Bool = true, languages: [Language: Strings] = [:],
                otherLanguages: (() throws -> [Language: Strings])? = nil,
                log: @escaping (String) -> Void = { _ in }, viewerChanges: ((Day) -> Set<StoreChange>)? = nil,
                serveRequests: ((Daycare) -> [Result<HandedChange, Error>])? = nil, newsWakes: @escaping () -> Bool = { false }, shared: (any SharedStore)? = nil,
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
        self.viewerChanges = viewerChanges
        self.serveRequests = serveRequests
        self.newsWakes = newsWakes
        newsTakenAt = daycare.uptime
        state = KioskState(size: size, pinIsSet: daycare.pin.isSet, uptime: daycare.uptime, viewOnly: viewerChanges != nil, checkSeed: checkSeed)
        noteStoreProblems()
        noteVoiceProblem()
    }

    /// The frame for the state as it is: the data it shows read first, then drawn.
    public func render() -> ScreenBuffer { screen.render(state, snapshot()) }

    /// What the screen in `state` shows, read now.
    public func snapshot() -> KioskSnapshot { data(for: state) }

    /// Puts a notice on the status line, as a change would (at start: why
    /// nothing can be saved).
    public func announce(_ notice: Notice) { state.notice = notice }

    /// Handles one event, then says what it asked to be said; returns
    /// false when the program should quit. Tests drive the kiosk with it;
    /// `run` says after each frame is drawn instead.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        guard step(event) else { return false }
        sayPending(snapshot())
        return true
    }

    /// One event: first what changed outside the kiosk since the last,
    /// then the event itself, its effects performed on the daycare.
    func step(_ event: InputEvent) -> Bool {
        defer { shown = nil }
        if !kiosk, case .key(let key) = event, key == .control("c") || ((key == .character("q") || key == .character("Q")) && isChildSide) {
            return false
        }
        // News wakes the wait (a pipe, a watched folder) or is looked for
        // when it ends: a key never waits for it to be asked after.
        // Where news is only found by looking, keys a second apart or
        // closer must not hide it: then a key looks too, once a second.
        // The day first: a tick `taskboard mark` asked for would move it on unseen.
        if state.offline?.refusal != .removed { takeDayChange() }
        let woken = if case .tick = event { true } else { false }
        // The second first: asking whether news wakes renews the folder's watch (a system call).
        if woken || (daycare.uptime - newsTakenAt >= 1 && lookForNews.isFinite) { takeOutsideNews() }
        // Shut out of the database (`taskboard rooms revoke`): the screen says so and takes no key or tap.
        if state.offline?.refusal == .removed {
            if case .resize(let size) = event { state.size = size }
            return true
        }
        var context = screen.context(for: state, data: eventData())
        // A tap acts on what the frame on screen drew where it landed.
        if event.isPointer { context = context.with(targets: (shown?.frame ?? render()).targets) }
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
        if let shared {
            let waiting = shared.waitingChanges
            state.sending = waiting
            // A tick made offline adds to the count the status line says at once (nothing wakes for it).
            state.offline?.waiting = waiting
        }
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
        if shared == nil, viewerChanges == nil { daycare.removeHistoryNotKept() }
        if let otherLanguages {
            languages.merge(try otherLanguages()) { read, _ in read }
            screen = screen.measuringBars(in: Array(languages.values))
        }
        if let laterVoice { speaker = laterVoice().map { Speaker(voice: $0, time: speechTime) } }
        noteStoreProblems()
        noteVoiceProblem()
        // The news as it stands (a database found offline at the start
        // sends no wake: its state never changed).
        takeOutsideNews()
        while true {
            // One reading of the data for the frame and what is said of it.
            let data = snapshot()
            let frame = screen.render(state, data)
            terminal.draw(frame)
            shown = (frame, data)
            sayPending(data)
            guard let event = terminal.nextEvent(timeout: wait) ?? (terminal.isGone ? nil : .tick(daycare.now)) else {
                log(terminal.stopRequest.map { "asked to stop (\($0)); stopping" } ?? "the terminal is gone (hung up); stopping")
                return
            }
            guard step(event) else { return }
        }
    }

    var isChildSide: Bool {
        if case .admin = state.side { return false }
        return true
    }
}
