import Foundation
import Glibc
import LinkstrProcess

/// A program the tests start and watch while it runs: a relay, a proxy, the rust-nostr peer, a
/// helper script of Tests/Support that answers commands on its stdin with "OK", or a program of
/// this build (`linkstr watch`, `linkstr app`). Its output is collected as it comes; it is stopped
/// when it is gone.
///
/// The tests' one process wrapper, on `ChildProcess`: children start with no blocked signal (the
/// test runner's threads block some, and a `linkstr watch` that inherited that would ignore the
/// SIGTERM meant to end it) and none of the test process's descriptors, and each pipe is closed by
/// the thread that reads it once the program and its own children have let go of it.
public final class ExternalProcess: Sendable {
    private let child: ChildProcess
    /// The program and its first argument, to name it in failures.
    private let name: String
    /// Whether its stdin is a pipe held open until `stop` (a helper that ends at its end).
    private let holdsInput: Bool

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

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - environment: the child's whole environment (default: the test process's).
    ///   - input: its stdin: /dev/null, or (`.heldOpen`) a pipe for `send` that `stop` closes.
    public init(executable: String, _ arguments: [String], environment: [String: String]? = nil, input: ChildProcess.Input = .closed) throws {
        // A helper that ends before reading what it is sent must not kill the test process.
        Glibc.signal(SIGPIPE, SIG_IGN)
        child = try ChildProcess(executable, arguments, environment: environment, input: input)
        name = ([executable] + arguments.prefix(1)).joined(separator: " ")
        if case .heldOpen = input { holdsInput = true } else { holdsInput = false }
    }

    deinit {
        stop()
    }

    public var stdout: String { child.stdout }
    public var stderr: String { child.stderr }
    /// The complete lines it printed on stdout so far.
    public var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    public var processIdentifier: pid_t { child.processIdentifier }
    public var isRunning: Bool { child.isRunning }
    /// How it ended; nil while it runs.
    public var exit: ChildProcess.Exit? { child.waitForExit(upTo: .zero) }

    /// Waits at most `timeout` for it to exit and close its output (what it printed last is then
    /// in `stdout`); nil when it still runs or a process it started holds its output open.
    public func waitForEnd(upTo timeout: Duration) -> ChildProcess.Exit? {
        child.wait(upTo: timeout)
    }

    /// Sends `signal` to it (nothing once it ended).
    public func signal(_ signal: Int32) {
        child.signal(signal)
    }

    /// Waits for a `READY <value>` line (a URL, a port, a bus address) and returns the value.
    public func ready(timeout: Duration = .seconds(20)) async throws -> String {
        _ = await eventually(within: Double(timeout.components.seconds)) { readyValue != nil || !isRunning }
        return try readyOrFailure(timeout)
    }

    /// `ready` for a fixture set up in a synchronous initializer: blocks the calling thread.
    public func readyNow(timeout: Duration = .seconds(20)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while readyValue == nil, isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        return try readyOrFailure(timeout)
    }

    private var readyValue: String? {
        stdoutLines.first { $0.hasPrefix("READY ") }.map { String($0.dropFirst(6)) }
    }

    private func readyOrFailure(_ timeout: Duration) throws -> String {
        // An exited program's last lines may still be on their way.
        if !isRunning { _ = waitForEnd(upTo: .seconds(2)) }
        if let value = readyValue { return value }
        let why = isRunning ? "not ready after \(timeout)" : "exited (\(exit.map { "\($0.status)" } ?? "?"))"
        kill()
        throw TestFailure("\(name) \(why): \(stderr)")
    }

    /// Waits for the program to end by itself and returns its output lines; throws when it failed
    /// or still runs after `timeout` (it is then stopped).
    public func finish(timeout: Duration = .seconds(20)) async throws -> [String] {
        guard await eventually(within: Double(timeout.components.seconds), { !isRunning }) else {
            stop()
            throw TestFailure("\(name) still running after \(timeout)")
        }
        _ = waitForEnd(upTo: .seconds(2))
        guard let exit, exit.succeeded else {
            throw TestFailure("\(name) failed (\(exit.map { "\($0.status)" } ?? "?")): \(stderr)")
        }
        return stdout.split(separator: "\n").map(String.init)
    }

    /// Everything it printed on stdout so far, as bytes (a binary protocol's frames).
    public var stdoutBytes: [UInt8] { child.stdoutBytes }

    /// Writes `bytes` to its stdin (`input: .heldOpen`).
    public func write(_ bytes: [UInt8]) throws {
        try child.write(bytes)
    }

    /// Closes its stdin (`input: .heldOpen`), as the other end of a pipe does when it goes away.
    public func closeInput() {
        child.closeInput()
    }

    /// Writes one command to a helper (`input: .heldOpen`) and waits for its "OK".
    public func send(_ command: String) throws {
        let answered = stdoutLines.filter { $0 == "OK" }.count
        try child.write(command + "\n")
        let deadline = ContinuousClock.now + .seconds(10)
        while stdoutLines.filter({ $0 == "OK" }).count == answered {
            guard ContinuousClock.now < deadline else { throw TestFailure("no answer to '\(command)' from \(name); stderr: \(stderr)") }
            usleep(10_000)
        }
    }

    /// Sends SIGTERM and waits at most `seconds` for the exit (then for its last output). Returns
    /// the exit status, or nil when it did not exit in time (it is then killed) or died of a signal.
    @discardableResult
    public func terminate(within seconds: Double) -> Int32? {
        child.signal(SIGTERM)
        guard let exit = child.waitForExit(upTo: .milliseconds(Int(seconds * 1000))) else {
            kill()
            return nil
        }
        _ = waitForEnd(upTo: .seconds(2))
        if case .exited(let code) = exit { return code }
        return nil
    }

    /// Kills the program (SIGKILL: a relay that dies without closing its connections) and waits up
    /// to 10 s for its exit.
    public func kill() {
        child.signal(SIGKILL)
        _ = child.waitForExit(upTo: .seconds(10))
    }

    /// Stops the program: closes its stdin (a helper then ends by itself; given 5 s), then SIGTERM,
    /// and SIGKILL after a second.
    public func stop() {
        child.closeInput()
        guard isRunning else { return }
        if holdsInput, child.waitForExit(upTo: .seconds(5)) != nil { return }
        child.signal(SIGTERM)
        if child.waitForExit(upTo: .seconds(1)) != nil { return }
        kill()
    }
}
