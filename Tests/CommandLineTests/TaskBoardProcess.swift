import Foundation
import Testing
import TaskBoardTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real `taskboard` executable, run the way staff run it from a shell,
/// with a fixed clock (`TASKBOARD_NOW`) so that output can be compared.
struct TaskBoardProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Sunday 22 November 2026, mid-morning in Helsinki.
    static let now = "2026-11-22T08:30:00Z"
    static let date = Date(timeIntervalSince1970: 1_795_336_200)

    static func executable() throws -> URL {
        try #require(BuiltProducts.executable("taskboard"), "build the package first: the taskboard executable was not found")
    }

    /// Runs `taskboard arguments…`, feeding `input` on stdin, and waits for it.
    @discardableResult
    static func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TASKBOARD_NOW"] = now
        environment["TZ"] = "Europe/Helsinki"
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TASKBOARD_DATA_DIR")
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a long output cannot block the child.
        let errorData = ReadAll(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A fresh directory under the system temp directory, removed afterwards.
func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("taskboard-cli-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try body(url)
}

/// The demo daycare on the fixed day: the fixture with history that most
/// command tests read. Written by the real `taskboard demo`.
func withDemoDaycare(_ body: (URL) throws -> Void) throws {
    try withTemporaryDirectory { root in
        let data = root.appendingPathComponent("data")
        let result = try TaskBoardProcess.run(["demo", "--data-dir", data.path])
        #expect(result.status == 0, "demo failed: \(result.stderr)")
        try body(data)
    }
}

/// What a command that changes data says while a kiosk holds the directory
/// (this process, holding it for the test).
func heldByKioskRefusal(_ data: URL) -> String {
    "taskboard: Another taskboard is already using \(data.path) (pid \(getpid())): a running kiosk. Nothing was changed. "
        + "Stop the kiosk first (Ctrl-Q on its admin side quits it; if it runs as a service: sudo systemctl stop taskboard-graphical, "
        + "or taskboard on a text console), run this again, then start the kiosk again.\n"
}
