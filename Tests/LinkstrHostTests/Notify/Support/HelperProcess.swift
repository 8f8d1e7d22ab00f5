import Foundation

/// A helper program a test talks to line by line (Tests/Support/*.py): it prints "READY <value>" when
/// it is ready, answers commands written to its stdin with "OK", and ends when its stdin is closed.
final class HelperProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What followed "READY " (a port, a bus address).
    let ready: String
    private let process: Process
    private let input: FileHandle
    private let output = HelperOutput()

    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output.collect(stdout: stdout.fileHandleForReading, stderr: stderr.fileHandleForReading)
        self.process = process
        input = stdin.fileHandleForWriting
        let deadline = Date().addingTimeInterval(20)
        var ready: String?
        while ready == nil {
            ready = output.stdoutLines.first { $0.hasPrefix("READY ") }.map { String($0.dropFirst(6)) }
            if ready == nil {
                guard process.isRunning, Date() < deadline else {
                    process.terminate()
                    throw Failure(description: "\(executable) did not get ready; stderr: \(output.stderr)")
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        self.ready = ready!
    }

    /// Writes one command and waits for its "OK".
    func send(_ command: String) throws {
        let answered = output.stdoutLines.filter { $0 == "OK" }.count
        try input.write(contentsOf: Data((command + "\n").utf8))
        let deadline = Date().addingTimeInterval(10)
        while output.stdoutLines.filter({ $0 == "OK" }).count == answered {
            guard Date() < deadline else { throw Failure(description: "no answer to '\(command)'; stderr: \(output.stderr)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Ends the helper (end of stdin) and waits for it; kills it if it lingers.
    func stop() {
        try? input.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
