import Foundation
import TaskBoard
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

    func run() throws {
        if viewOnly { return try showOnly() }
        if summary {
            let daycare = try data.daycare(on: data.openForReading())
            let place = try data.databaseLogin()?.address.description ?? data.directory.path
            return Output.line(DataSummary(daycare: daycare, directory: place).text)
        }
        if !demo, try data.databaseLogin() != nil {
            throw CommandFailure("the kiosk does not run on a database yet: the command line does (see docs/rooms.md)")
        }
        var directory = data.directory
        var demoPin: String?
        if demo {
            directory = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
                .appendingPathComponent("taskboard-demo-\(getpid())", isDirectory: true)
            demoPin = try DemoDaycare.write(into: directory, today: DayCalendar(timeZone: .current).day(of: data.clock.now()))
        }
        // A demo leaves nothing behind in the temporary directory.
        defer { if demo { try? FileManager.default.removeItem(at: directory) } }
        let store: JSONFileStore
        do {
            store = demo ? try JSONFileStore(directory: directory, holder: .kiosk) : try data.openDirectoryForWriting(as: .kiosk)
        } catch let error as StorageError where error.isUnwritable && !demo {
            // A read-only disk still shows the board; nothing can be changed, and the screen says why.
            return try showOnly(because: error)
        }
        let daycare = try Daycare(store: store, clock: data.clock)
        try KioskLauncher(daycare: daycare, directory: directory, language: language, kiosk: kiosk, demoPin: demoPin).run()
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
        launcher.startNotice = problem.map { .readOnlyDisk("\($0)") }
        try launcher.run()
    }
}

