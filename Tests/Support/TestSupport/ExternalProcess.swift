import Foundation
import Synchronization

/// A program the tests start and watch while it runs: a helper script (a relay, a proxy, the
/// rust-nostr peer) from the package's Python virtual environment (`scripts/bootstrap.sh` makes it),
/// or any executable (`linkstr watch`). Its output is collected as it comes.
public final class ExternalProcess: Sendable {
    public let process: Process
    private let output: Mutex<String>
    private let errors: Mutex<String>
    private let pipes: (out: Pipe, err: Pipe)

    /// `<package>/.venv/bin/python`
    public static let python = packageRoot + "/.venv/bin/python"
    /// Where the helper scripts are.
    public static let supportFolder = packageRoot + "/Tests/RelayPoolTests/Support"
    public static var packageRoot: String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }

    /// Starts `script` (a file in `supportFolder`) with `arguments`.
    public convenience init(script: String, _ arguments: [String]) throws {
        precondition(FileManager.default.isExecutableFile(atPath: Self.python), "run scripts/bootstrap.sh first: \(Self.python) is missing")
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUTF8"] = "1"
        try self.init(executable: Self.python, [Self.supportFolder + "/" + script] + arguments, environment: environment)
    }

    /// Starts `executable` with `arguments` (and `environment`, else the test's own).
    public init(executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        pipes = (out, err)
        process.standardOutput = out
        process.standardError = err
        output = Mutex("")
        errors = Mutex("")
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.output.withLock { $0 += text }
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.errors.withLock { $0 += text }
        }
        try process.run()
    }

    public var stdout: String { output.withLock { $0 } }
    public var stderr: String { errors.withLock { $0 } }

    /// Waits for a `READY <url>` line and returns the URL.
    public func ready(timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            // Complete lines only: the pipe may deliver "READY " before the rest of the line.
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: { $0.hasPrefix("READY ") }) {
                return String(line.dropFirst(6))
            }
            guard process.isRunning else {
                drain()
                throw TestFailure("\(process.arguments!.prefix(2).joined(separator: " ")) exited: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("\(process.arguments!.joined(separator: " ")) not ready after \(timeout): \(stderr)")
    }

    /// Waits for the program to end by itself and returns its output lines.
    public func finish(timeout: Duration = .seconds(20)) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                stop()
                throw TestFailure("\(process.arguments!.joined(separator: " ")) still running after \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        drain()
        guard process.terminationStatus == 0 else {
            throw TestFailure("\(process.arguments!.prefix(2).joined(separator: " ")) failed (\(process.terminationStatus)): \(stderr)")
        }
        return stdout.split(separator: "\n").map(String.init)
    }

    /// Reads what the exited program left in its pipes.
    private func drain() {
        pipes.out.fileHandleForReading.readabilityHandler = nil
        pipes.err.fileHandleForReading.readabilityHandler = nil
        let rest = String(decoding: pipes.out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        output.withLock { $0 += rest }
        let restErrors = String(decoding: pipes.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errors.withLock { $0 += restErrors }
    }

    /// Kills the program (SIGKILL: a relay that dies without closing its connections) and waits up
    /// to 10 s for Foundation to see it end. Not `waitUntilExit()`: it runs the calling thread's run
    /// loop, and called from a task's thread (a deinit at the end of an `async let`) it can wait for
    /// ever for a notice delivered elsewhere — one such wait held a whole suite run.
    public func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
    }

    /// Stops the program (SIGTERM, then SIGKILL after a second) and reaps it.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        kill()
    }

    deinit {
        stop()
        // A handle with a readability handler is held by its own dispatch source: without this its
        // descriptor stays open for the rest of the run (hundreds over a suite, until `ulimit -n`).
        for pipe in [pipes.out, pipes.err] {
            pipe.fileHandleForReading.readabilityHandler = nil
            try? pipe.fileHandleForReading.close()
            try? pipe.fileHandleForWriting.close()
        }
    }
}
