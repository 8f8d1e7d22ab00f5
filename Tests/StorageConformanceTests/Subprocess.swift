import Foundation
import Glibc

/// A child process started with posix_spawn, its stdout on a pipe and its stderr in a file. (Foundation's
/// Process.waitUntilExit did not return under the test runner here; waitpid does.)
final class Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    private let output: Int32
    private let errorFile: String
    private var buffered = ""
    private var exitStatus: (status: Int32, signalled: Bool)?

    init(_ executable: String, _ arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        errorFile = Scratch.root + "/stderr-\(UUID().uuidString.prefix(8))"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw Failure(description: "cannot run \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        output = pipeEnds[0]
    }

    deinit {
        close(output)
        unlink(errorFile)
    }

    /// Reads stdout until a line equal to `line` arrives; false at end of output.
    func waitForLine(_ line: String) -> Bool {
        while !buffered.split(separator: "\n").contains(Substring(line)) {
            guard readChunk() else { return false }
        }
        return true
    }

    /// All of stdout, to its end.
    func readAll() -> String {
        while readChunk() {}
        return buffered
    }

    var outputSoFar: String { buffered }

    /// What the child wrote to stderr.
    var errors: String {
        ((try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func kill() {
        Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the exit: the exit status, or the signal that ended it.
    func wait() -> (status: Int32, signalled: Bool) {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let result = signal != 0 ? (signal, true) : ((status >> 8) & 0xFF, false)
        exitStatus = result
        return result
    }

    private func readChunk() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        buffered += String(decoding: chunk[..<count], as: UTF8.self)
        return true
    }
}
