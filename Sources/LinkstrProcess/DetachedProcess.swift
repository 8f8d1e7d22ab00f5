import Foundation
import Glibc

/// Starts a program and does not wait for it: the browser a notification opens, the work a command
/// hands off so that it returns at once. Not through swift-subprocess, whose `run` returns only once
/// the child has ended: these callers return (and the program may exit) while the child runs on.
///
/// The child gets a process group of its own (Ctrl-C in the terminal does not reach it), no blocked
/// signal and the default action for the usual ones whatever the calling thread set, stdin, stdout
/// and stderr on /dev/null, and none of this process's other descriptors (a copy of stdout kept by a
/// library would hold the caller's pipes open after this program ends).
public enum DetachedProcess {
    /// posix_spawn's error number, as a sentence.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public let code: Int32

        public var description: String { String(cString: strerror(code)) }
    }

    /// Starts `executable` with `arguments`; its process id. Whoever wants its exit status reaps it
    /// with `waitpid`; otherwise it is reaped when this process ends.
    public static func spawn(_ executable: String, _ arguments: [String]) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in inherited where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }
}
