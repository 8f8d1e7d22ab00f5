import Foundation
import Glibc

/// Starts a program and does not wait for it: the browser a notification opens, the work a command
/// hands off so that it returns at once. The child gets a process group of its own (Ctrl-C in the
/// terminal does not reach it), stdin, stdout and stderr on /dev/null, and none of this process's
/// other descriptors (a copy of stdout kept by a library would hold the caller's pipes open after
/// this program ends).
public enum DetachedProcess {
    /// posix_spawn's error number, as a sentence.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public let code: Int32

        public var description: String { String(cString: strerror(code)) }
    }

    /// Starts `executable` with `arguments`; its process id. Whoever wants its exit status reaps it
    /// with `waitpid`; otherwise it is reaped when this process ends.
    public static func spawn(_ executable: String, _ arguments: [String]) -> Result<pid_t, SpawnError> {
        Spawn.start(executable, arguments, environment: nil, descriptors: [.devNull, .devNull, .devNull], ownGroup: true)
    }

    /// Reaps `pid` on a thread of its own when it ends (a long-running program that starts many
    /// would otherwise keep a zombie of each), then gives `ended` its wait status.
    public static func reapWhenEnded(_ pid: pid_t, then ended: @escaping @Sendable (Int32) -> Void = { _ in }) {
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            ended(status)
        }
    }
}
