import Foundation
import TaskBoard
import TaskBoardPostgres
import TaskBoardStorage
import TaskBoardTools
import TaskBoardUI

/// What `taskboard kiosk` does, apart from reading its options: `taskboard`
/// with no arguments at all (as the kiosk's systemd unit starts it) comes
/// here straight from `main`, without ArgumentParser (see main.swift).
struct KioskStart {
    let data: any DataLocation
    var demo = false
    var language: Language?
    var kiosk = true
    var summary = false
    var viewOnly = false
    /// The terminal draws colour emoji (the graphical kiosk): big picture marks.
    var pictures = false

    func run() throws {
        if viewOnly {
            if try data.databaseLogin() != nil {
                throw CommandFailure("--view-only is for a data directory; on a database every kiosk follows the others by itself")
            }
            return try showOnly()
        }
        if summary, !demo {
            let daycare = try data.daycare(on: data.openForReading())
            let place = try data.databaseLogin()?.address.description ?? data.directory.path
            return Output.line(DataSummary(daycare: daycare, directory: place).text)
        }
        if !demo, let login = try data.databaseLogin() { return try runOnDatabase(login) }
        var directory = data.directory
        var demoPin: String?
        if demo {
            directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
                .appendingPathComponent("taskboard-demo-\(getpid())", isDirectory: true)
            // The demo's words in the language the kiosk will speak: --lang, else the locale.
            demoPin = try DemoDaycare.write(into: directory, today: DayCalendar(zoneIdentifier: nil).day(of: data.clock.now()),
                                            language: KioskAssets.language(asked: language, settings: Settings()))
        }
        // A demo leaves nothing behind in the temporary directory.
        defer { if demo { try? FileManager.default.removeItem(at: directory) } }
        if summary {
            // The demo's summary: what the demo kiosk would show.
            let daycare = try Daycare(store: JSONFileStore(directory: directory, readOnly: true), clock: data.clock)
            return Output.line(DataSummary(daycare: daycare, directory: "a demo daycare (PIN \(demoPin ?? "?"))").text)
        }
        let daycare: Daycare
        let store: JSONFileStore
        do {
            // Data written by a newer taskboard, or a damaged file: the screen says so and waits (`StartWait`).
            (daycare, store) = try StartWait(directory: directory, language: language, kiosk: kiosk).open {
                let store = demo ? try JSONFileStore(directory: directory, holder: .kiosk) : try data.openDirectoryForWriting(as: .kiosk, tidyLater: true)
                // The first frame needs only the roster and the settings (issue 13).
                let daycare = try Daycare(store: store, clock: data.clock, marksLater: true)
                // Only where no PIN was read: the start reads pin.json once.
                if !daycare.pin.isSet, let lost = try store.pinLostBesideHistory() { throw lost }
                return (daycare, store)
            }
        } catch let error as StorageError where error.isUnwritable && !demo {
            // A read-only disk still shows the board; nothing can be changed, and the screen says why.
            return try showOnly(because: error)
        }
        var launcher = KioskLauncher(daycare: daycare, directory: directory, language: language, kiosk: kiosk, demoPin: demoPin)
        launcher.pictures = pictures
        launcher.forgetter = .onDataDirectory(store, clock: data.clock, timerArchives: !demo)
        try launcher.run()
    }
}

extension KioskStart {
    /// The child side over data this program cannot or must not write: a
    /// second screen (`--view-only`), or a kiosk on a read-only disk.
    private func showOnly(because problem: StorageError? = nil) throws {
        try data.requireExisting()
        let watcher = DataWatcher(directory: data.directory, clock: data.clock)
        var launcher = KioskLauncher(daycare: try watcher.open(), directory: data.directory, language: language,
                                     kiosk: kiosk, demoPin: nil)
        launcher.watcher = watcher
        launcher.pictures = pictures
        launcher.startNotice = problem.map { .readOnlyDisk("\($0)") }
        try launcher.run()
    }
}


extension KioskStart {
    /// The kiosk on a database that other rooms' kiosks share. The data
    /// directory keeps this kiosk's own: the outbox of changes not yet sent,
    /// its points summary (in `database/`) and its log.
    private func runOnDatabase(_ login: DatabaseLogin) throws {
        let local = data.directory.appendingPathComponent("database", isDirectory: true)
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        let clock = data.clock
        // Without anything of its own yet, a kiosk the server will not have (or a newer one set up) waits on a screen that says why.
        var tries = 0
        let store = try StartWait(directory: data.directory, language: language, kiosk: kiosk).open {
            // After the first try, the password file is read again: it may have been mended meanwhile.
            tries += 1
            let current = tries == 1 ? login : (try data.databaseLogin() ?? login)
            return try KioskDatabaseStore(login: current, localDirectory: local, today: DayCalendar(zoneIdentifier: nil).day(of: clock.now()))
        }
        defer { store.close() }
        var launcher = KioskLauncher(daycare: try Daycare(store: store, clock: clock), directory: data.directory, language: language,
                                     kiosk: kiosk, demoPin: nil)
        launcher.recordingsDirectory = local
        launcher.forgetter = .onDatabase(store, clock: clock)
        launcher.pictures = pictures
        launcher.shared = store
        // Another kiosk's change wakes the screen when it arrives, not on the next timer tick.
        launcher.wake = store.changeSignal.descriptor
        // The screen is up from here: it never waits on the server longer than a moment.
        store.answerQuickly()
        try launcher.run()
    }
}
