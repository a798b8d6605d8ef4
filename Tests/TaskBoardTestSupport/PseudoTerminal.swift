import Foundation

/// A program run in a pseudo-terminal of a given size, watched from outside
/// as a person's terminal would see it: when its bytes arrive.
///
/// A frame is over when the program has gone quiet: the last byte before
/// `quiet` seconds without output is the frame's last byte. Used by the
/// benchmark (taskboard-bench) and by the tests of the kiosk as a process.
public final class PseudoTerminal {
    public let pid: pid_t
    private let master: Int32
    public private(set) var received: [UInt8] = []
    /// The program has ended and been waited for (`exitStatus`).
    private var reaped = false

    /// Starts `executable` with `arguments` on a new pty of `columns`×`rows`,
    /// as the leader of a new session with the pty as its terminal, with no
    /// signal blocked but `blocked`.
    public init(executable: String, arguments: [String], columns: Int, rows: Int, environment: [String: String],
                blocked: [Int32] = []) throws {
        // posix_openpt and friends are hidden from Swift's Glibc; these are what they do on Linux.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        let TIOCSPTLCK: UInt = 0x4004_5431, TIOCGPTN: UInt = 0x8004_5430  // <asm/ioctls.h>, not in Swift's Glibc
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, TIOCSPTLCK, &unlock) == 0, ioctl(master, TIOCGPTN, &number) == 0 else {
            throw PseudoTerminalError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw PseudoTerminalError(description: "cannot size the pseudo-terminal")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid, so the pty becomes the program's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc), not exported to Swift

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = CleanSpawn.withAttributes(flags: setsid, blocked: blocked) { posix_spawn(&child, executable, &actions, &$0, argv, envp) }
        guard status == 0 else {
            close(master)
            throw PseudoTerminalError(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    /// Reads until nothing has come for `quiet` seconds (or `limit` seconds
    /// have passed) and returns when the last byte came, in
    /// `DispatchTime` nanoseconds, or nil when nothing came.
    public func readUntilQuiet(quiet: Double, limit: Double = 10) -> UInt64? {
        let start = DispatchTime.now().uptimeNanoseconds
        var last: UInt64?
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if Double(now - start) / 1e9 > limit { return last }
            let since = Double(now - (last ?? start)) / 1e9
            let wait = last == nil ? limit : quiet - since
            if last != nil, wait <= 0 { return last }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, wait * 1000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                if last != nil { return last }
                continue
            }
            let count = read(master, &chunk, chunk.count)
            guard count > 0 else { return last }  // EIO: the program closed the terminal
            last = DispatchTime.now().uptimeNanoseconds
            received.append(contentsOf: chunk[0..<count])
        }
    }

    /// Gives the terminal a new size, as a person dragging its window's
    /// corner: the kernel sends the program SIGWINCH.
    public func resize(columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw PseudoTerminalError(description: "cannot resize the pseudo-terminal")
        }
    }

    /// Writes `bytes` as typed keys and returns when the writing began: the
    /// program may answer before write(2) returns (the scheduler can run the
    /// woken program first), and a time taken after it then missed nearly
    /// all of the answer (a key to frame of 0.02 ms).
    public func type(_ bytes: [UInt8]) -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
        return start
    }

    /// The text on the screen so far with escape sequences taken out: good
    /// enough to find words, not a terminal emulator.
    public var text: String {
        var plain: [UInt8] = []
        var index = 0
        while index < received.count {
            let byte = received[index]
            if byte == 0x1B {
                index += 1
                if index < received.count, received[index] == UInt8(ascii: "[") {
                    index += 1
                    while index < received.count, !(0x40...0x7E).contains(received[index]) { index += 1 }
                } else if index < received.count, received[index] == UInt8(ascii: "(") || received[index] == UInt8(ascii: ")") {
                    index += 1
                }
                plain.append(UInt8(ascii: " "))
            } else if byte >= 0x20 || byte == 0x0A {
                plain.append(byte)
            } else {
                plain.append(UInt8(ascii: " "))
            }
            index += 1
        }
        return String(decoding: plain, as: UTF8.self)
    }

    /// Reads what the program writes until it ends by itself (within
    /// `limit` seconds) and returns its exit status; nil if it did not end
    /// (it is then still running). Either way, `stop()` then closes the terminal.
    public func exitStatus(limit: Double = 10) -> Int32? {
        let start = DispatchTime.now().uptimeNanoseconds
        var status: Int32 = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < limit {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 10) > 0 {
                let count = read(master, &chunk, chunk.count)
                if count > 0 { received.append(contentsOf: chunk[0..<count]) }
            }
            if waitpid(pid, &status, WNOHANG) == pid {
                // What it wrote last may still wait in the pty.
                while poll(&descriptor, 1, 0) > 0 {
                    let count = read(master, &chunk, chunk.count)
                    guard count > 0 else { break }
                    received.append(contentsOf: chunk[0..<count])
                }
                reaped = true
                return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
        }
        return nil
    }

    /// Ends the program (SIGTERM, then SIGKILL) and returns its peak memory in KiB.
    public func stop() -> Int {
        if reaped {
            close(master)
            return 0
        }
        kill(pid, SIGTERM)
        var usage = rusage()
        var status: Int32 = 0
        var waited: pid_t = 0
        for _ in 0..<200 {
            waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            // Draining keeps a program that writes on its way out from blocking.
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 10) > 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                _ = read(master, &chunk, chunk.count)
            }
        }
        if waited != pid {
            kill(pid, SIGKILL)
            wait4(pid, &status, 0, &usage)
        }
        close(master)
        return usage.ru_maxrss
    }
}

public struct PseudoTerminalError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
