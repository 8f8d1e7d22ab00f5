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

    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil) throws -> Result {
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
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal)
    }

    /// Runs the `linkstr` executable of this build with a clean environment (plus `environment`).
    public static func linkstr(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> Result {
        var base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root"]
        base.merge(environment) { $1 }
        return try run(BuildProducts.linkstrExecutable, arguments, environment: base, stdin: stdin)
    }
}
