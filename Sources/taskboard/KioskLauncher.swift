import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardTools
import TaskBoardUI
import SpeechBackend
import TerminalBackend

/// Starts the screen: texts, theme and terminal, then the kiosk loop, and
/// always gives the terminal back, whatever happens.
struct KioskLauncher {
    let daycare: Daycare
    let directory: URL
    let language: Language?
    let kiosk: Bool
    let demoPin: String?
    /// Set for `--view-only`: the data is read-only and follows the kiosk's changes.
    var watcher: DataWatcher?
    /// What the status line says first (why nothing can be saved).
    var startNotice: Notice?
    /// Set for a kiosk on a shared database, which follows the other kiosks'
    /// changes; `taskboard mark` then writes to the database itself.
    var shared: (any SharedStore)?
    /// Readable when the shared data has changed (`KioskDatabaseStore.changeSignal`):
    /// the terminal's wait for a key ends then, and the change is drawn at once.
    var wake: Int32?
    /// Done and not done as big coloured pictures (`--pictures`).
    var pictures = false
    /// Where the staff's recordings are played from (`voices/` in it): the
    /// data directory, or a database kiosk's own folder holding its copy.
    var recordingsDirectory: URL?
    /// Forgets a child from the admin side (a kiosk on its data directory).
    var forgetter: ChildForgetter?

    func run() throws {
        // What the first frame needs fails, if it does, before ncurses starts;
        // the rest (the marks, the other languages' texts) just after the
        // first frame, its words said once the terminal is given back.
        let folder = try KioskAssets.folder()
        let spoken = KioskAssets.language(asked: language, settings: daycare.settings)
        let assets = try KioskAssets.load(from: folder, languages: [spoken])
        let strings = try assets.strings(spoken)
        // A viewer writes nothing, not even a log line, into the kiosk's directory.
        let log: @Sendable (String) -> Void
        if watcher == nil {
            let file = LogFile(directory: directory)
            log = { file.append($0) }
        } else {
            log = { _ in }
        }

        // The kiosk, the only writer, serves `taskboard mark`: a request
        // renamed into its folder wakes the wait for a key.
        var server: MarkRequestServer?
        // What wakes the wait for a key: a request, or the kiosk's writes beside a viewer.
        var watch: FolderWatch?
        if let watcher {
            watch = watcher.watch()
        } else if shared == nil {
            let made = MarkRequestServer(directory: directory)
            do { try made.box.prepare() } catch { log("cannot make the requests folder: \(error)") }
            server = made
            watch = FolderWatch(folder: made.box.folder)
        }
        let terminal = try NcursesTerminal(term: ProcessEnvironment.current["TERM"], noColor: ProcessEnvironment.current.noColor,
                                           wake: wake ?? watch?.descriptor)
        // The daycare the run ended with: after a child was forgotten, the
        // one read afresh (the first still counts the child).
        var last = daycare
        defer {
            terminal.shutdown()
            last.flush()
        }
        let screen = KioskScreen(strings: strings,
                                 theme: Theme(color: terminal.supportsColor, unicode: terminal.supportsUnicode,
                                              brightBackgrounds: terminal.hasBrightBackgrounds, pictures: pictures && terminal.supportsUnicode),
                                 keyMap: terminal.sendsBackTab ? .standard : KeyMap.standard.without(.backTab),
                                 demoPin: demoPin, avatars: assets.avatars, icons: assets.icons)
        let others = Language.allCases.filter { $0 != spoken }
        // A viewer says nothing: the kiosk beside it speaks.
        let voice: (() -> Voice?)? = watcher == nil ? { Self.voice(log: log) } : nil
        let recordings: () -> [VoiceKey: String] = { [folder = recordingsDirectory ?? directory] in JSONFileStore.voiceFiles(in: folder) }
        let runtime = KioskRuntime(daycare: daycare, screen: screen, size: terminal.size, kiosk: kiosk, languages: assets.languages,
                                   otherLanguages: { try KioskAssets.strings(of: others, from: folder) },
                                   log: log, viewerChanges: watcher.map { watcher in { watcher.changes(today: $0) } }, serveRequests: server?.serve,
                                   newsWakes: { [wake] in shared != nil ? (wake ?? -1) >= 0 : watch?.isWatching == true }, shared: shared,
                                   laterVoice: voice, recordings: recordings, forgetter: forgetter)
        if let startNotice { runtime.announce(startNotice) }
        defer { last = runtime.daycare }
        try runtime.run(on: terminal)
    }

    /// espeak-ng on the sound card; each sentence a WAV file in the folder
    /// TASKBOARD_SPEECH_WAV_DIR names instead (the tests listen this way).
    static func voice(log: @escaping @Sendable (String) -> Void) -> Voice? {
        EspeakVoice(output: ProcessEnvironment.current["TASKBOARD_SPEECH_WAV_DIR"].map { .wavFiles(directory: $0) } ?? .speaker, log: log)
    }
}
