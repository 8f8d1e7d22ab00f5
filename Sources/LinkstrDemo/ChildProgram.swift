import Foundation
import Synchronization

/// A program the demo starts: the relay, or `linkstr` itself. Its output is collected as it
/// arrives; `stop()` ends it (SIGTERM, then SIGKILL after a grace period) and is safe to call twice.
///
/// Thread rule: any thread.
final class ChildProgram: @unchecked Sendable {
    let process = Process()
    private let output = Mutex("")
    private let errors = Mutex("")
    private let pipes = (out: Pipe(), err: Pipe(), input: Pipe())

    /// Starts `executable` with `arguments`. Its stdin is a pipe this process keeps open, so the child
    /// can notice (end of file) when the demo is gone, however it ended.
    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = pipes.out
        process.standardError = pipes.err
        process.standardInput = pipes.input
        pipes.out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.output.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        pipes.err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    var stdout: String { output.withLock { $0 } }
    var stderr: String { errors.withLock { $0 } }
    var isRunning: Bool { process.isRunning }

    /// The complete lines printed so far.
    var lines: [String] {
        Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    /// Waits until `condition` holds for the output so far, the program exits, or `timeout` passes;
    /// returns whether the condition held.
    func wait(timeout: Duration, until condition: (ChildProgram) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            if !process.isRunning {
                Thread.sleep(forTimeInterval: 0.05)  // what it printed last
                return condition(self)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(self)
    }

    /// Waits for the program to end by itself (at most `timeout`, then stops it); returns its status.
    @discardableResult
    func finish(timeout: Duration) -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { stop() }
        process.waitUntilExit()
        drain()
        return process.terminationStatus
    }

    /// SIGTERM, and SIGKILL when it is still running after `grace`; then reaps it.
    func stop(grace: Duration = .seconds(2)) {
        guard process.processIdentifier > 0 else { return }
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = ContinuousClock.now + grace
            while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        drain()
        try? pipes.input.fileHandleForWriting.close()
    }

    /// Reads what is left in the pipes after the program ended.
    private func drain() {
        pipes.out.fileHandleForReading.readabilityHandler = nil
        pipes.err.fileHandleForReading.readabilityHandler = nil
        if let rest = (try? pipes.out.fileHandleForReading.readToEnd()) ?? nil, !rest.isEmpty {
            output.withLock { $0 += String(decoding: rest, as: UTF8.self) }
        }
        if let rest = (try? pipes.err.fileHandleForReading.readToEnd()) ?? nil, !rest.isEmpty {
            errors.withLock { $0 += String(decoding: rest, as: UTF8.self) }
        }
    }
}
