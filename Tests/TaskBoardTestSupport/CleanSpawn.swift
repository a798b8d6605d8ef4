import Foundation

/// Spawn attributes that give a child the signal state a shell would give
/// it: nothing blocked, every signal at its default. Tests run on threads
/// that block signals (Dispatch's do), and posix_spawn hands the caller's
/// mask on: a tmux server started that way never reaped its panes, and its
/// panes' programs never saw a SIGHUP, so `kill-server` waited for ever.
public enum CleanSpawn {
    /// `flags`: more POSIX_SPAWN_* flags, set beside the two for signals.
    /// `blocked`: signals the child starts with blocked, as such a parent's would.
    public static func withAttributes<T>(flags: Int32 = 0, blocked: [Int32] = [],
                                         _ body: (inout posix_spawnattr_t) throws -> T) rethrows -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t(), all = sigset_t()
        sigemptyset(&mask)
        for signal in blocked { sigaddset(&mask, signal) }
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
        return try body(&attributes)
    }
}
