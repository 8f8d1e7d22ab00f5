import Dispatch
import Foundation
import Glibc
import Subprocess
import Synchronization
import SystemPackage

/// A program run as a child process, through swift-subprocess: the one way linkstr's programs start
/// a program they wait for. Its output is read as it comes — whole (`stdout`, `stderr`) or line by
/// line with a time limit (`nextLine(within:)`) — and it can be signalled and waited for from
/// synchronous code.
///
/// Synchronous callers wait on a semaphore while the child's task runs on a serial queue of its own
/// (a task executor), never on the cooperative pool: a caller blocking a pool thread, as a key
/// store's call inside an async command does, cannot starve the task it waits for.
///
/// Thread rule: any thread; `nextLine(within:)` from one thread at a time.
public final class ChildProcess: Sendable {
    /// How it ended.
    public enum Exit: Sendable, Equatable {
        case exited(Int32)
        /// Ended by a signal (its number).
        case signaled(Int32)

        public var succeeded: Bool { self == .exited(0) }
        /// As a shell reports it: the exit code, or 128 + the signal.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// What its stdin is.
    public enum Input: Sendable {
        /// /dev/null.
        case closed
        /// This text, then end of file.
        case text(String)
        /// A pipe this object keeps open until `stop` or the end of the object: the child notices
        /// (end of file) when its parent is gone, however the parent ended.
        case heldOpen
    }

    /// The next line of stdout, or why there is none.
    public enum Event: Sendable, Equatable {
        case line(String)
        case timedOut
        /// Stdout was closed and every line read.
        case ended
    }

    /// Why it could not start.
    public struct StartError: Error, CustomStringConvertible, Sendable {
        public let executable: String
        public let reason: String

        public var description: String { "cannot start \(executable): \(reason)" }
    }

    private struct State {
        var pid: pid_t?
        var startError: String?
        /// Bytes, decoded when asked for: a read may end inside a character.
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        /// Complete lines of stdout not yet taken by `nextLine`, and the start of the next one.
        var lines: [String] = []
        var pendingLine: [UInt8] = []
        var stdoutEnded = false
        var exit: Exit?
    }

    private let state = Mutex(State())
    private let started = DispatchSemaphore(value: 0)
    private let lineArrived = DispatchSemaphore(value: 0)
    private let ended = DispatchGroup()
    private let heldInput: FileDescriptor?

    /// Starts `executable` with `arguments`; returns once it runs (or throws why it cannot).
    ///
    /// - Parameters:
    ///   - environment: the whole environment, or nil for this process's.
    ///   - updating: variables set (or, with nil, removed) on top of it.
    ///   - mergeErrors: stderr goes into `stdout` (and its lines), as a terminal would show them.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, updating: [String: String?] = [:],
        input: Input = .closed, mergeErrors: Bool = false
    ) throws(StartError) {
        var held: (readEnd: FileDescriptor, writeEnd: FileDescriptor)?
        if case .heldOpen = input {
            do {
                held = try FileDescriptor.pipe()
            } catch {
                throw StartError(executable: executable, reason: "no pipe for its input (\(error))")
            }
        }
        heldInput = held?.writeEnd
        let heldRead = held?.readEnd
        ended.enter()
        let configuration = Subprocess.Configuration(
            executable: .path(FilePath(executable)), arguments: Arguments(arguments),
            environment: Self.environment(environment, updating: updating))
        Task(executorPreference: ChildProcessExecutor.shared) { [self] in
            switch input {
            case .closed: await runChild(configuration, input: .none, mergeErrors: mergeErrors)
            case .text(let text): await runChild(configuration, input: .string(text), mergeErrors: mergeErrors)
            case .heldOpen: await runChild(configuration, input: .fileDescriptor(heldRead!, closeAfterSpawningProcess: true), mergeErrors: mergeErrors)
            }
        }
        started.wait()
        if let failure = state.withLock({ $0.startError }) {
            try? heldInput?.close()
            throw StartError(executable: executable, reason: failure)
        }
    }

    deinit {
        try? heldInput?.close()
    }

    /// Runs `executable` to its end and returns how it ended with what it printed.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, updating: [String: String?] = [:],
        input: Input = .closed, mergeErrors: Bool = false
    ) throws(StartError) -> (exit: Exit, stdout: String, stderr: String) {
        let child = try ChildProcess(executable, arguments, environment: environment, updating: updating, input: input, mergeErrors: mergeErrors)
        let exit = child.wait()
        return (exit, child.stdout, child.stderr)
    }

    /// Runs `executable` to its end with its output on /dev/null: for a program that leaves a
    /// process of its own behind (a clipboard tool serving the selection), which would hold a pipe
    /// of ours open. Its exit.
    public static func runDiscardingOutput(_ executable: String, _ arguments: [String], input: Input = .closed) throws(StartError) -> Exit {
        try runToEnd(executable) { () async throws -> TerminationStatus in
            let configuration = Subprocess.Configuration(executable: .path(FilePath(executable)), arguments: Arguments(arguments))
            switch input {
            case .text(let text):
                return try await Subprocess.run(configuration, input: .string(text), output: .discarded, error: .discarded).terminationStatus
            case .closed, .heldOpen:
                return try await Subprocess.run(configuration, input: .none, output: .discarded, error: .discarded).terminationStatus
            }
        }
    }

    /// Runs `executable` on this process's terminal (its stdin, stdout and stderr) to its end: a
    /// program the person uses, a video player. Its exit.
    public static func runOnTerminal(_ executable: String, _ arguments: [String]) throws(StartError) -> Exit {
        try runToEnd(executable) { () async throws -> TerminationStatus in
            try await Subprocess.run(
                .path(FilePath(executable)), arguments: Arguments(arguments), input: .fileDescriptor(.standardInput, closeAfterSpawningProcess: false),
                output: .fileDescriptor(.standardOutput, closeAfterSpawningProcess: false),
                error: .fileDescriptor(.standardError, closeAfterSpawningProcess: false)
            ).terminationStatus
        }
    }

    /// Everything it printed on stdout so far.
    public var stdout: String { String(decoding: state.withLock { $0.stdout }, as: UTF8.self) }
    /// Everything it printed on stderr so far.
    public var stderr: String { String(decoding: state.withLock { $0.stderr }, as: UTF8.self) }
    public var isRunning: Bool { state.withLock { $0.exit == nil } }
    public var processIdentifier: pid_t { state.withLock { $0.pid ?? 0 } }

    /// The next complete line of stdout; `.timedOut` when none came within `timeout`.
    public func nextLine(within timeout: Duration) -> Event {
        while true {
            let event = state.withLock { state -> Event? in
                if !state.lines.isEmpty { return .line(state.lines.removeFirst()) }
                return state.stdoutEnded ? .ended : nil
            }
            if let event { return event }
            if lineArrived.wait(timeout: .now() + timeout / .seconds(1)) == .timedOut { return .timedOut }
        }
    }

    /// Sends `signal` to it (nothing once it has ended).
    public func signal(_ signal: Int32) {
        state.withLock { state in
            if state.exit == nil, let pid = state.pid { _ = kill(pid, signal) }
        }
    }

    /// Waits at most `timeout` for it to end; nil when it still runs.
    public func wait(upTo timeout: Duration) -> Exit? {
        guard ended.wait(timeout: .now() + timeout / .seconds(1)) == .success else { return nil }
        return state.withLock { $0.exit }
    }

    /// Waits for it to end.
    @discardableResult
    public func wait() -> Exit {
        ended.wait()
        return state.withLock { $0.exit } ?? .exited(-1)
    }

    /// SIGTERM, and SIGKILL when it still runs after `grace`; then waits for it and closes its input.
    public func stop(grace: Duration = .seconds(2)) {
        signal(SIGTERM)
        if wait(upTo: grace) == nil {
            signal(SIGKILL)
            wait()
        }
        try? heldInput?.close()
    }

    // MARK: The child's task

    private func runChild<ChildInput: InputProtocol>(_ configuration: Subprocess.Configuration, input: ChildInput, mergeErrors: Bool) async {
        do {
            let result = try await Subprocess.run(configuration, input: input, output: .sequence, error: .sequence) { execution in
                self.state.withLock { $0.pid = execution.processIdentifier.value }
                self.started.signal()
                async let errors: Void = self.read(execution.standardError, asErrors: !mergeErrors)
                try await self.read(execution.standardOutput, asErrors: false)
                try await errors
            }
            finish(Exit(result.terminationStatus))
        } catch {
            let startedAlready = state.withLock { state -> Bool in
                if state.pid == nil { state.startError = "\(error)" }
                return state.pid != nil
            }
            if !startedAlready { started.signal() }
            finish(.exited(-1))
        }
    }

    private func read(_ sequence: SubprocessOutputSequence, asErrors: Bool) async throws {
        for try await buffer in sequence {
            append(buffer.withUnsafeBytes { Array($0) }, asErrors: asErrors)
        }
        if !asErrors {
            state.withLock { $0.stdoutEnded = true }
            lineArrived.signal()
        }
    }

    private func append(_ bytes: [UInt8], asErrors: Bool) {
        var arrived = 0
        state.withLock { state in
            if asErrors {
                state.stderr += bytes
                return
            }
            state.stdout += bytes
            state.pendingLine += bytes
            while let newline = state.pendingLine.firstIndex(of: UInt8(ascii: "\n")) {
                state.lines.append(String(decoding: state.pendingLine[..<newline], as: UTF8.self))
                state.pendingLine.removeSubrange(...newline)
                arrived += 1
            }
        }
        for _ in 0..<arrived { lineArrived.signal() }
    }

    private func finish(_ exit: Exit) {
        state.withLock { state in
            state.exit = exit
            state.stdoutEnded = true
        }
        lineArrived.signal()
        ended.leave()
    }

    private static func environment(_ whole: [String: String]?, updating: [String: String?]) -> Environment {
        let updates = Dictionary(uniqueKeysWithValues: updating.map { (Environment.Key(stringLiteral: $0.key), $0.value) })
        guard let whole else { return .inherit.updating(updates) }
        return .custom(Dictionary(uniqueKeysWithValues: whole.map { (Environment.Key(stringLiteral: $0.key), $0.value) })).updating(updates)
    }

    /// Runs `body` on the child executor and waits for it from this synchronous caller.
    private static func runToEnd(_ executable: String, _ body: @escaping @Sendable () async throws -> TerminationStatus) throws(StartError) -> Exit {
        let outcome = Mutex<Result<TerminationStatus, StartError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: ChildProcessExecutor.shared) {
            do {
                let status = try await body()
                outcome.withLock { $0 = .success(status) }
            } catch {
                outcome.withLock { $0 = .failure(StartError(executable: executable, reason: "\(error)")) }
            }
            done.signal()
        }
        done.wait()
        return Exit(try outcome.withLock { $0! }.get())
    }
}

extension ChildProcess.Exit {
    init(_ status: TerminationStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signaled(signal)
        }
    }
}

/// The executor the tasks of child processes run on: Dispatch's threads, not the cooperative pool
/// (see `ChildProcess`).
final class ChildProcessExecutor: TaskExecutor {
    static let shared = ChildProcessExecutor()
    private let queue = DispatchQueue(label: "linkstr.child-process", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
