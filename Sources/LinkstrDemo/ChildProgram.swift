import Foundation
import LinkstrProcess

/// A program the demo starts: the relay, or `linkstr` itself. Its output is collected as it
/// arrives; `stop()` ends it (SIGTERM, then SIGKILL after a grace period) and is safe to call twice.
///
/// Thread rule: any thread.
final class ChildProgram: Sendable {
    private let child: ChildProcess

    /// Starts `executable` with `arguments`. Its stdin is a pipe this process keeps open, so the child
    /// can notice (end of file) when the demo is gone, however it ended.
    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws(ChildProcess.StartError) {
        child = try ChildProcess(executable, arguments, environment: environment, input: .heldOpen)
    }

    var stdout: String { child.stdout }
    var stderr: String { child.stderr }
    var isRunning: Bool { child.isRunning }

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
            // Ended: what it printed last is in.
            if child.wait(upTo: .milliseconds(20)) != nil { return condition(self) }
        }
        return condition(self)
    }

    /// Waits for the program to end by itself (at most `timeout`, then stops it); returns its status.
    @discardableResult
    func finish(timeout: Duration) -> Int32 {
        if child.wait(upTo: timeout) == nil { stop() }
        return child.wait().status
    }

    /// SIGTERM, and SIGKILL when it is still running after `grace`; then reaps it.
    func stop(grace: Duration = .seconds(2)) {
        child.stop(grace: grace)
    }
}
