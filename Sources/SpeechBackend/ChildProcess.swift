import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starting and collecting a program with posix_spawn: no shell, standard
/// input and error on /dev/null (never the kiosk's terminal), standard
/// output there too unless a descriptor is given, the signals as a fresh
/// program has them, no other descriptor of the kiosk's, and a process group of its own, so a Ctrl-C meant for
/// the kiosk's terminal does not reach it.
enum ChildProcess {
    /// The process started, or nil if it could not be (said by the voice's silence only).
    /// `ownGroup`: in a process group of its own (the kiosk's speech), or in
    /// the caller's, so a Ctrl-C at a command stops it too.
    static func spawn(_ path: String, _ arguments: [String], output: Int32?, ownGroup: Bool = true) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the kiosk's: the database driver's sockets are not
        // close-on-exec, and a connection the kiosk closed would stay open
        // on the server while the child lives. (On a libc older than glibc
        // 2.34 there is no such action, and the child inherits them.)
        _ = addCloseFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        // "Text file busy": the program is open for writing somewhere (being
        // installed, or its file inherited by another process for a moment).
        // This runs on the voice's queue, never the kiosk's: a short wait is free.
        for attempt in 0..<3 {
            let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
            if status == 0 { return pid }
            guard status == ETXTBSY, attempt < 2 else { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later),
    /// which Swift's Glibc module does not declare; nil on an older libc.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }

    /// Waits until the process has ended without collecting it, so its id
    /// stays ours until `wait` collects it.
    static func waitForEnd(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
    }

    /// Collects the process, waiting for it to end: its exit status (-1 when a signal ended it).
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }
}
