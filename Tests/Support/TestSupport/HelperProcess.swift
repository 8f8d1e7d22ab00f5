import Foundation
import Glibc
import Synchronization

/// A helper program a test talks to line by line (Tests/Support/*.py): it prints "READY <value>" when
/// it is ready, answers commands written to its stdin with "OK", and ends when its stdin is closed.
/// Also a long-running program of this build (`linkstr watch`): started without waiting for READY,
/// read as it prints, and stopped with SIGTERM (`terminate`).
///
/// Started with posix_spawn rather than Foundation's Process: the test runner's threads block
/// signals, and a helper (or the dbus-daemon that `dbus-run-session` starts) that inherited that mask
/// would ignore the SIGTERM meant to end it. Its pipes are socket pairs made close-on-exec, so that
/// helpers started at the same time by parallel tests do not hold each other's stdin open.
public final class HelperProcess: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What followed "READY " (a port, a bus address); empty when not waited for.
    public let ready: String
    private let pid: pid_t
    private let input: FileHandle
    private let output = HelperOutput()
    /// Set once `terminate` reaped it (its pid may then belong to another process).
    private let reaped = Mutex(false)

    /// - Parameters:
    ///   - environment: the child's whole environment (default: the test process's).
    ///   - waitForReady: whether to wait (at most 20 s) for the "READY " line.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, waitForReady: Bool = true) throws {
        let stdin = try Self.socketPair()
        let stdout = try Self.socketPair()
        let stderr = try Self.socketPair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.child, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.child, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.child, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid = pid_t()
        let result = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        [stdin.child, stdout.child, stderr.child].forEach { close($0) }
        guard result == 0 else {
            [stdin.parent, stdout.parent, stderr.parent].forEach { close($0) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        input = FileHandle(fileDescriptor: stdin.parent, closeOnDealloc: true)
        output.collect(
            stdout: FileHandle(fileDescriptor: stdout.parent, closeOnDealloc: true),
            stderr: FileHandle(fileDescriptor: stderr.parent, closeOnDealloc: true))
        guard waitForReady else {
            self.ready = ""
            return
        }
        let deadline = Date().addingTimeInterval(20)
        var ready: String?
        while ready == nil {
            ready = output.stdoutLines.first { $0.hasPrefix("READY ") }.map { String($0.dropFirst(6)) }
            if ready == nil {
                guard Date() < deadline, waitpid(pid, nil, WNOHANG) == 0 else {
                    kill(pid, SIGKILL)
                    throw Failure(description: "\(executable) did not get ready; stderr: \(output.stderr)")
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        self.ready = ready!
    }

    /// The complete lines it printed on stdout so far.
    public var stdoutLines: [String] { output.stdoutLines }

    /// What it printed on stderr so far.
    public var stderr: String { output.stderr }

    /// Sends SIGTERM and waits at most `seconds` for the exit. Returns the exit status, or nil when it
    /// did not exit in time (then it is killed), died of a signal, or was terminated before.
    @discardableResult
    public func terminate(within seconds: Double) -> Int32? {
        guard !reaped.withLock({ reaped in defer { reaped = true }; return reaped }) else { return nil }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                return nil
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Writes one command and waits for its "OK".
    public func send(_ command: String) throws {
        let answered = output.stdoutLines.filter { $0 == "OK" }.count
        try input.write(contentsOf: Data((command + "\n").utf8))
        let deadline = Date().addingTimeInterval(10)
        while output.stdoutLines.filter({ $0 == "OK" }).count == answered {
            guard Date() < deadline else { throw Failure(description: "no answer to '\(command)'; stderr: \(output.stderr)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Ends the helper (end of stdin) and reaps it; SIGTERM if it lingers, SIGKILL if it still does.
    public func stop() {
        try? input.close()
        guard !exits(within: 5) else { return }
        kill(pid, SIGTERM)
        guard !exits(within: 5) else { return }
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
    }

    /// Whether it exited (and was reaped) within `seconds`.
    private func exits(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while waitpid(pid, nil, WNOHANG) == 0 {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    private static func socketPair() throws -> (parent: Int32, child: Int32) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw Failure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        return (pair[0], pair[1])
    }
}
