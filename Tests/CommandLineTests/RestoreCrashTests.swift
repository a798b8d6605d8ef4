import Foundation
import Testing
import TaskBoardTestSupport

/// Issue 9, finding 8: `restore` killed with SIGKILL at random moments. After
/// each kill the data directory is the old data or the new, whole; a kept
/// copy is exactly the old data; any temp folder left is explained; and the
/// next restore tidies up and works.
@Suite struct RestoreCrashTests {
    @Test(.timeLimit(.minutes(5)))
    func finding8_aRestoreKilledAnywhereLeavesOldOrNewAndKeepsOnlyTheOldData() throws {
        try withTemporaryDirectory { top in
            let template = top.appendingPathComponent("template")
            try FaultInjectionTests.demo(into: template)
            let archive = top.appendingPathComponent("new.zip")
            let templateData = template.appendingPathComponent("data")
            // The archive holds the demo plus a tick; the data it replaces is the demo.
            try run(["mark", "--data-dir", templateData.path, "--child", "Aino", "--task", "Brush teeth"])
            try run(["backup", "--data-dir", templateData.path, archive.path])
            let new = try DataFingerprint.of(templateData)
            try run(["mark", "--data-dir", templateData.path, "--child", "Aino", "--task", "Brush teeth", "--undo"])
            let old = try DataFingerprint.of(templateData)
            #expect(old != new)

            // How long a whole restore takes here, so the kills fall inside it.
            let work = top.appendingPathComponent("work")
            try FaultInjectionTests.copy(template, to: work)
            let started = Date()
            try run(["restore", "--data-dir", work.appendingPathComponent("data").path, archive.path])
            // Taken again from each whole restore below: the suites run side by side,
            // and a restore timed while the machine was idle would put every kill
            // before the swap once it is busy (CI: old data 100 times, new 0).
            var duration = Date().timeIntervalSince(started)

            var seen = (old: 0, new: 0, leftovers: 0)
            var generator = SystemRandomNumberGenerator()
            for kill in 0..<100 {
                try FaultInjectionTests.copy(template, to: work)
                let data = work.appendingPathComponent("data")
                let process = Process()
                process.executableURL = try TaskBoardProcess.executable()
                process.arguments = ["restore", "--data-dir", data.path, archive.path]
                process.environment = ProcessInfo.processInfo.environment.merging(["TASKBOARD_NOW": TaskBoardProcess.now]) { $1 }
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                // Most of a restore is reading and extracting the archive: the
                // later part (the swap, the renames) gets as many kills.
                let share = kill % 2 == 0 ? Double.random(in: 0...1.1, using: &generator) : Double.random(in: 0.7...1.2, using: &generator)
                usleep(UInt32(share * duration * 1_000_000))
                Glibc.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()

                let now = try DataFingerprint.of(data)
                #expect(now == old || now == new, "kill \(kill): the data directory is neither the old nor the new data")
                if now == old { seen.old += 1 } else { seen.new += 1 }
                for kept in try folders(in: work, starting: "data.before-restore-") {
                    #expect(try DataFingerprint.of(kept) == old, "kill \(kill): \(kept.lastPathComponent) is not the replaced data")
                }
                let leftovers = try folders(in: work, starting: ".tmp-taskboard-")
                if !leftovers.isEmpty { seen.leftovers += 1 }
                let check = try TaskBoardProcess.run(["check", "--data-dir", data.path])
                for leftover in leftovers {
                    let line = check.stdout.split(separator: "\n").first { $0.contains(leftover.lastPathComponent) }
                    #expect(line != nil, "kill \(kill): check does not explain \(leftover.lastPathComponent)")
                    if line?.contains("the data a stopped restore replaced") == true {
                        #expect(try DataFingerprint.of(leftover) == old, "kill \(kill): a leftover called replaced data is not")
                    }
                }

                // The next restore tidies up: nothing temp is left, every kept copy is the old data.
                let whole = Date()
                try run(["restore", "--data-dir", data.path, archive.path])
                duration = Date().timeIntervalSince(whole)
                #expect(try DataFingerprint.of(data) == new)
                #expect(try folders(in: work, starting: ".tmp-taskboard-").isEmpty, "kill \(kill): a temp folder survived the next restore")
                for kept in try folders(in: work, starting: "data.before-restore-") {
                    let fingerprint = try DataFingerprint.of(kept)
                    #expect(fingerprint == old || fingerprint == new, "kill \(kill): \(kept.lastPathComponent) holds neither")
                }
            }
            print("restore killed 100 times: old data \(seen.old), new data \(seen.new), a temp folder left \(seen.leftovers)")
            // Some kills must have landed before the swap and some after, or the test proved little.
            #expect(seen.old > 0 && seen.new > 0, "old \(seen.old), new \(seen.new), leftovers \(seen.leftovers)")
        }
    }

    private func run(_ arguments: [String]) throws {
        let result = try TaskBoardProcess.run(arguments)
        try #require(result.status == 0, "\(arguments.first ?? ""): \(result.stderr)")
    }

    private func folders(in parent: URL, starting prefix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(prefix) }.sorted()
            .map { parent.appendingPathComponent($0) }
    }
}
