import Foundation
import LinkstrProcess
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
        let child = try ChildProcess(executable, arguments, environment: environment, input: .text(stdin ?? ""))
        var killed = false
        if child.waitForExit(upTo: .seconds(timeout)) == nil {
            child.signal(SIGKILL)
            killed = true
        }
        // A background process the program started may still hold the pipes: what it writes after a
        // short drain is not waited for.
        let complete = child.wait(upTo: .seconds(drainSeconds)) != nil
        let exit = child.waitForExit(upTo: .seconds(drainSeconds)) ?? .exited(-1)
        var stderr = child.stderr
        if !complete { stderr += "\n[the test stopped reading \(drainSeconds) s after the program exited: a process it started still holds its output open]\n" }
        if killed {
            stderr += "\n[killed by the test: still running after \(timeout) s: \(([executable] + arguments).joined(separator: " "))]\n"
        }
        let (status, signaled): (Int32, Bool) =
            switch exit {
            case .exited(let code): (code, false)
            case .signaled(let signal): (signal, true)
            }
        return Result(status: status, stdout: child.stdout, stderr: stderr, signaled: signaled)
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
