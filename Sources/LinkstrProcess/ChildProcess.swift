import Dispatch
import Foundation
import Glibc
import Synchronization

/// A program run as a child process: the one way linkstr's programs start a program they wait for.
/// Its output is read as it comes — whole (`stdout`, `stderr`) or line by line with a time limit
/// (`nextLine(within:)`) — and it can be signalled, stopped and waited for.
///
/// A runner of our own (posix_spawn, a thread per pipe and one that waits for the exit) rather than
/// swift-subprocess: its callers wait synchronously (a key store, the plugin checks, the conformance
/// writers), often on a thread of Swift's cooperative pool, and swift-subprocess runs part of every
/// child on that pool (an unstructured task) — callers blocking every pool thread at once (tests
/// running in parallel) would then wait for ever. These threads need nothing from the pool.
///
/// A run ends when the program has exited and closed its output: a program whose background
/// children keep stdout open (a clipboard tool) is run with `runDiscardingOutput`.
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
        /// A pipe this object keeps open until `stop`: the child notices (end of file) when its parent
        /// is gone, however the parent ended.
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

    /// Why `write` could not give it the text.
    public struct InputError: Error, CustomStringConvertible, Sendable {
        public let reason: String

        public var description: String { "cannot write to the program: \(reason)" }
    }

    /// Where its stdout and stderr go.
    private enum Output {
        case collected(mergeErrors: Bool)
        case discarded
        /// With stdin too: this process's terminal.
        case terminal
    }

    private struct State {
        /// Bytes, decoded when asked for: a read may end inside a character.
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        /// Complete lines of stdout not yet taken by `nextLine`, and the start of the next one.
        var lines: [String] = []
        var pendingLine: [UInt8] = []
        var stdoutEnded = false
        var exit: Exit?
    }

    public let processIdentifier: pid_t
    private let state = Mutex(State())
    private let lineArrived = DispatchSemaphore(value: 0)
    /// Left by the thread that reaps it and by each thread reading a pipe.
    private let ended = DispatchGroup()
    /// Left by the thread that reaps it.
    private let exited = DispatchGroup()
    private let heldInput: Mutex<Int32?>

    /// Starts `executable` with `arguments`; its output is collected.
    ///
    /// - Parameters:
    ///   - environment: the whole environment, or nil for this process's.
    ///   - updating: variables set (or, with nil, removed) on top of it.
    ///   - mergeErrors: stderr goes into `stdout` (and its lines), as a terminal would show them.
    public convenience init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, updating: [String: String?] = [:],
        input: Input = .closed, mergeErrors: Bool = false
    ) throws(StartError) {
        try self.init(executable, arguments, environment: Self.environment(environment, updating: updating), input: input, output: .collected(mergeErrors: mergeErrors))
    }

    private init(_ executable: String, _ arguments: [String], environment: [String: String]?, input: Input, output: Output) throws(StartError) {
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        func pipe() throws(StartError) -> (read: Int32, write: Int32) {
            guard let ends = Spawn.pipe() else {
                (parentEnds + childEnds).forEach { close($0) }
                throw StartError(executable: executable, reason: "no pipe: \(String(cString: strerror(errno)))")
            }
            return ends
        }
        var descriptors: [Spawn.Descriptor] = [.devNull, .devNull, .devNull]
        var inputEnd: Int32?
        switch (output, input) {
        case (.terminal, _): descriptors[0] = .inherited
        case (_, .closed): break
        case (_, .text), (_, .heldOpen):
            let ends = try pipe()
            descriptors[0] = .copy(ends.read)
            childEnds.append(ends.read)
            inputEnd = ends.write
            parentEnds.append(ends.write)
        }
        var readers: [(descriptor: Int32, errors: Bool)] = []
        switch output {
        case .terminal:
            descriptors[1] = .inherited
            descriptors[2] = .inherited
        case .discarded:
            break
        case .collected(let mergeErrors):
            let out = try pipe()
            descriptors[1] = .copy(out.write)
            childEnds.append(out.write)
            parentEnds.append(out.read)
            readers.append((out.read, false))
            if mergeErrors {
                descriptors[2] = .copy(out.write)
            } else {
                let err = try pipe()
                descriptors[2] = .copy(err.write)
                childEnds.append(err.write)
                parentEnds.append(err.read)
                readers.append((err.read, true))
            }
        }
        let started = Spawn.start(executable, arguments, environment: environment, descriptors: descriptors, ownGroup: false)
        childEnds.forEach { close($0) }
        switch started {
        case .success(let pid): processIdentifier = pid
        case .failure(let error):
            parentEnds.forEach { close($0) }
            throw StartError(executable: executable, reason: error.description)
        }
        if case .text(let text) = input, let inputEnd {
            heldInput = Mutex(nil)
            // On a thread of its own: a child that writes much before it reads must not block us.
            Thread.detachNewThread {
                // A child that ends without reading all of it makes this fail (EPIPE): nothing to do.
                try? FileHandle(fileDescriptor: inputEnd, closeOnDealloc: true).write(contentsOf: Data(text.utf8))
            }
        } else {
            heldInput = Mutex(inputEnd)
        }
        if readers.isEmpty { state.withLock { $0.stdoutEnded = true } }
        for reader in readers {
            ended.enter()
            Thread.detachNewThread { [self] in read(reader.descriptor, errors: reader.errors) }
        }
        ended.enter()
        exited.enter()
        Thread.detachNewThread { [self] in reap() }
    }

    deinit {
        closeInput()
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
        try ChildProcess(executable, arguments, environment: nil, input: input, output: .discarded).wait()
    }

    /// Runs `executable` on this process's terminal (its stdin, stdout and stderr) to its end: a
    /// program the person uses, a video player. Its exit.
    public static func runOnTerminal(_ executable: String, _ arguments: [String]) throws(StartError) -> Exit {
        try ChildProcess(executable, arguments, environment: nil, input: .closed, output: .terminal).wait()
    }

    /// Everything it printed on stdout so far.
    public var stdout: String { String(decoding: state.withLock { $0.stdout }, as: UTF8.self) }
    /// Everything it printed on stdout so far, as bytes (a binary protocol's frames).
    public var stdoutBytes: [UInt8] { state.withLock { $0.stdout } }
    /// Everything it printed on stderr so far.
    public var stderr: String { String(decoding: state.withLock { $0.stderr }, as: UTF8.self) }
    public var isRunning: Bool { state.withLock { $0.exit == nil } }

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

    /// Writes `bytes` to its stdin (`Input.heldOpen`): a program that takes commands as they come.
    /// - Throws: when its stdin is not held open (any more), or the write fails (it ended; the
    ///   caller ignores SIGPIPE).
    public func write(_ bytes: [UInt8]) throws(InputError) {
        try heldInput.withLock { descriptor throws(InputError) in
            guard let open = descriptor else { throw InputError(reason: "its stdin is not held open") }
            var left = bytes[...]
            while !left.isEmpty {
                let count = left.withUnsafeBytes { Glibc.write(open, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw InputError(reason: String(cString: strerror(errno))) }
                left = left.dropFirst(count)
            }
        }
    }

    /// Writes `text` to its stdin, as `write(_:)` bytes.
    public func write(_ text: String) throws(InputError) {
        try write(Array(text.utf8))
    }

    /// Closes its stdin (`Input.heldOpen`): a program that reads it to the end then ends.
    public func closeInput() {
        heldInput.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Sends `signal` to it (nothing once it has been reaped: its process id may be another's).
    public func signal(_ signal: Int32) {
        state.withLock { state in
            if state.exit == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Waits at most `timeout` for it to end; nil when it still runs (or its output is still open).
    public func wait(upTo timeout: Duration) -> Exit? {
        guard ended.wait(timeout: .now() + timeout / .seconds(1)) == .success else { return nil }
        return state.withLock { $0.exit }
    }

    /// Waits at most `timeout` for it to exit, whether or not its output is closed (a process it
    /// started may hold it open); nil when it still runs.
    public func waitForExit(upTo timeout: Duration) -> Exit? {
        guard exited.wait(timeout: .now() + timeout / .seconds(1)) == .success else { return nil }
        return state.withLock { $0.exit }
    }

    /// Waits for it to end and its output to close.
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
        closeInput()
    }

    // MARK: The threads

    private func read(_ descriptor: Int32, errors: Bool) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            append(Array(buffer[..<count]), errors: errors)
        }
        close(descriptor)
        if !errors {
            state.withLock { $0.stdoutEnded = true }
            lineArrived.signal()
        }
        ended.leave()
    }

    private func append(_ bytes: [UInt8], errors: Bool) {
        var arrived = 0
        state.withLock { state in
            if errors {
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

    /// Waits for the exit without reaping (so `signal` never reaches a reused id), then records it
    /// and reaps under the lock `signal` takes.
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        let status = info._sifields._sigchld.si_status
        state.withLock { state in
            state.exit = info.si_code == CLD_EXITED ? .exited(status) : .signaled(status)
            var reaped: Int32 = 0
            while waitpid(processIdentifier, &reaped, 0) < 0, errno == EINTR {}
        }
        exited.leave()
        ended.leave()
    }

    /// nil: this process's own environment, unchanged.
    private static func environment(_ whole: [String: String]?, updating: [String: String?]) -> [String: String]? {
        guard whole != nil || !updating.isEmpty else { return nil }
        var environment = whole ?? ProcessInfo.processInfo.environment
        for (name, value) in updating { environment[name] = value }
        return environment
    }
}
