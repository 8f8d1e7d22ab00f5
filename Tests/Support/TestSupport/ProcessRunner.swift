import Foundation
import PluginTesting

/// Runs a program to completion and captures what it printed.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var signaled: Bool
    }

    /// How long the output pipes are read after the program exited, at most.
    public static let drainSeconds = 2.0

    /// Runs `executable` until it exits (then reads its output for `drainSeconds` at most). One that
    /// is still running after `timeout` seconds is killed (SIGKILL), and its stderr then ends with a
    /// line that says so: a hung program fails its test with what it printed, instead of stopping the
    /// whole run.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil, timeout: Double = 90
    ) throws -> Result {
        // A child that exits before reading its input must not kill the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        let started = Date()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let collector = PipeCollector([out, err])
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Not `waitUntilExit`: Foundation sees the exit only once the program's descendants are gone.
        let exit = exitStatus(of: pid) ?? {
            // Foundation reaped it already, so it knows.
            process.waitUntilExit()
            return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
        }()
        // A background process the program started may still hold the pipes: what it writes after a
        // short drain is not waited for.
        let (outputs, complete) = collector.collect(drain: drainSeconds)
        var stderr = String(decoding: outputs[1], as: UTF8.self)
        if !complete { stderr += "\n[the test stopped reading \(drainSeconds) s after the program exited: a process it started still holds its output open]\n" }
        if exit.signaled, exit.status == SIGKILL, Date().timeIntervalSince(started) >= timeout {
            stderr += "\n[killed by the test: still running after \(timeout) s: \(([executable] + arguments).joined(separator: " "))]\n"
        }
        return Result(status: exit.status, stdout: String(decoding: outputs[0], as: UTF8.self), stderr: stderr, signaled: exit.signaled)
    }

    /// Waits until the child `pid` exits and returns its exit status (or the signal that ended it),
    /// leaving it to Foundation to reap; nil when it is reaped already.
    private static func exitStatus(of pid: pid_t) -> (status: Int32, signaled: Bool)? {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            guard errno == EINTR else { return nil }
        }
        let status = info._sifields._sigchld.si_status
        return (status, info.si_code != CLD_EXITED)
    }

    /// Runs the `linkstr` executable of this build with a clean environment (plus `environment`), and
    /// records it in the running task's `CommandLog`.
    public static func linkstr(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, timeout: Double = 90
    ) throws -> Result {
        CommandLog.current?.record(arguments)
        return try run(BuildProducts.linkstrExecutable, arguments, environment: linkstrEnvironment(environment), stdin: stdin, timeout: timeout)
    }

    /// The clean environment `linkstr` runs with, plus `environment`.
    public static func linkstrEnvironment(_ environment: [String: String] = [:]) -> [String: String] {
        var base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root"]
        base.merge(environment) { $1 }
        return base
    }
}
