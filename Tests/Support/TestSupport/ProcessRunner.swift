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

    /// Runs `executable` to completion. One that is still running after `timeout` seconds is killed
    /// (SIGKILL), and its stderr then ends with a line that says so: a hung program fails its test
    /// with what it printed, instead of stopping the whole run.
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
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        var stderr = String(decoding: errorData, as: UTF8.self)
        let killedByWatchdog = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        if killedByWatchdog, Date().timeIntervalSince(started) >= timeout { stderr += "\n[killed by the test: still running after \(timeout) s: \(([executable] + arguments).joined(separator: " "))]\n" }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: stderr, signaled: process.terminationReason == .uncaughtSignal)
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
