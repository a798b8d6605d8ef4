import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TaskBoardPostgres

/// A PostgreSQL server of the test's own, to stop and start again while
/// kiosks use it (the shared test server cannot be stopped under the other
/// tests). Made with the binaries `.ci/with-postgres.sh` found, owned by
/// `nobody` when the tests run as root, trusting local connections.
public final class PrivateDatabaseServer: @unchecked Sendable {
    public let directory: URL
    public let port: Int
    private let bin: String
    private let asOwner: [String]
    /// Server settings given at every start ("max_connections=6").
    private let settings: [String]

    public static var isAvailable: Bool { ProcessInfo.processInfo.environment["TASKBOARD_TEST_POSTGRES_BIN"] != nil }

    public init(settings: [String] = []) throws {
        self.settings = settings
        guard let bin = ProcessInfo.processInfo.environment["TASKBOARD_TEST_POSTGRES_BIN"] else { throw TestDatabase.NoServer() }
        self.bin = bin
        // Beside the shared server, so that .ci/with-postgres.sh stops it even after a crash.
        let base = ProcessInfo.processInfo.environment["TASKBOARD_TEST_POSTGRES_DATA"].map { ($0 as NSString).deletingLastPathComponent } ?? "/tmp"
        directory = URL(fileURLWithPath: "\(base)/private-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        asOwner = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "nobody", "--"] : []
        if getuid() == 0 {
            _ = try Self.shell(["/bin/chown", "nobody", directory.path])
        }
        port = try Self.freePort()
        try run(["\(bin)/initdb", "-D", directory.appendingPathComponent("data").path, "-U", "taskboard", "--auth=trust", "-E", "UTF8",
                 "--locale=C.UTF-8"])
        try start()
        try run(["\(bin)/createdb", "-h", "127.0.0.1", "-p", "\(port)", "-U", "taskboard", "taskboard"])
    }

    public var address: DatabaseAddress {
        DatabaseAddress(place: .host("127.0.0.1", port: port), user: "taskboard", database: "taskboard", tls: .disable)
    }

    public func start() throws {
        try run(["\(bin)/pg_ctl", "-D", directory.appendingPathComponent("data").path, "-l", directory.appendingPathComponent("log").path,
                 "-w", "-t", "60", "-o", (["-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path)"] + settings.map { "-c \($0)" }).joined(separator: " "), "start"])
    }

    /// A connection held by a process of its own (psql sleeping), as another
    /// kiosk would hold one; `kill` lets it go. Another process, because a
    /// connection the test process holds is inherited by every program it
    /// starts, and would outlive its closing there. For the same reason the
    /// holder first closes every descriptor it inherited (the driver's
    /// sockets are not close-on-exec): a connection the test had just closed
    /// would otherwise stay open on the server in it, taking a slot.
    public func holdConnection() throws -> pid_t {
        let closingTheRest = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && { exec {n}>&-; } 2>/dev/null; done; exec "$@""#
        let arguments = ["/bin/bash", "-c", closingTheRest, "holder",
                         "\(bin)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "taskboard", "-q", "-c", "SELECT pg_sleep(3600)", "taskboard"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw Failure(description: "psql: \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Ends a process `holdConnection` started, and its connection with it.
    public static func release(_ holder: pid_t) {
        kill(holder, SIGKILL)
        var status: Int32 = 0
        while waitpid(holder, &status, 0) < 0 && errno == EINTR {}
    }

    /// Stops it at once, as a power cut or a crash would (open connections are cut).
    public func stop() throws {
        try run(["\(bin)/pg_ctl", "-D", directory.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
    }

    /// Freezes every process of the server (SIGSTOP): connections stay open
    /// and new ones are accepted by the kernel, but nothing answers, as with
    /// a server that hangs or a network that drops packets.
    public func pause() throws { try Self.signal(SIGSTOP, serverIn: directory.appendingPathComponent("data").path) }

    /// Lets a paused server go on where it stopped (SIGCONT).
    public func resume() throws { try Self.signal(SIGCONT, serverIn: directory.appendingPathComponent("data").path) }

    /// Sends `signal` to the server whose data directory this is: the
    /// postmaster (postmaster.pid's first line) and its children, the
    /// backends (their parent is field 4 of /proc/PID/stat).
    public static func signal(_ signal: Int32, serverIn dataDirectory: String) throws {
        let text = try String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8)
        guard let postmaster = text.split(separator: "\n").first.flatMap({ pid_t($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw Failure(description: "no postmaster.pid in \(dataDirectory)")
        }
        var pids = [postmaster]
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == postmaster { pids.append(pid) }
        }
        for pid in pids where kill(pid, signal) != 0 && errno != ESRCH {
            throw Failure(description: "kill \(pid): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        try? resume()
        try? stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws {
        _ = try Self.shell(asOwner + arguments)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program and waits for it, its output in a file (not a pipe:
    /// the server pg_ctl starts keeps its descriptors open for good), reaped
    /// with waitpid directly.
    @discardableResult
    static func shell(_ arguments: [String]) throws -> String {
        let outputPath = "/tmp/taskboard-pg-output-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw Failure(description: "\(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure(description: "\(arguments.joined(separator: " ")): \(text)") }
        return text
    }

    private static func freePort() throws -> Int {
        let text = try shell(["/usr/bin/python3", "-c",
                              "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"])
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw Failure(description: "no free port: \(text)") }
        return port
    }
}
