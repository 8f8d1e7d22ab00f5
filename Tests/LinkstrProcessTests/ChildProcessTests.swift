import Foundation
import Glibc
import LinkstrProcess
import Synchronization
import Testing

/// `ChildProcess` against real programs (/bin/sh, /bin/cat).
@Suite("ChildProcess", .timeLimit(.minutes(1)))
struct ChildProcessTests {
    @Test func runCollectsBothOutputsAndTheExitStatus() throws {
        let (exit, stdout, stderr) = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(exit == .exited(3))
        #expect(stdout == "out\n")
        #expect(stderr == "err\n")
    }

    @Test func mergedErrorsComeWithTheOutput() throws {
        let (exit, stdout, stderr) = try ChildProcess.run("/bin/sh", ["-c", "echo err >&2"], mergeErrors: true)
        #expect(exit.succeeded)
        #expect(stdout == "err\n" && stderr.isEmpty)
    }

    @Test func textInputReachesStdinAndEnds() throws {
        let (exit, stdout, _) = try ChildProcess.run("/bin/cat", [], input: .text("hello\nworld"))
        #expect(exit.succeeded)
        #expect(stdout == "hello\nworld")
    }

    @Test func theEnvironmentIsUpdatedOrReplaced() throws {
        let updated = try ChildProcess.run("/bin/sh", ["-c", "echo \"$LINKSTR_PROBE:${HOME:+home}\""], updating: ["LINKSTR_PROBE": "set"])
        #expect(updated.stdout == "set:home\n")
        let replaced = try ChildProcess.run("/bin/sh", ["-c", "echo \"$LINKSTR_PROBE:${HOME:+home}\""], environment: ["LINKSTR_PROBE": "only"])
        #expect(replaced.stdout == "only:\n")
    }

    @Test func linesArriveAsTheyComeAndAWaitCanTimeOut() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo one; exec sleep 30"])
        #expect(child.nextLine(within: .seconds(20)) == .line("one"))
        #expect(child.nextLine(within: .milliseconds(200)) == .timedOut)
        #expect(child.isRunning)
        child.signal(SIGKILL)
        #expect(child.wait() == .signaled(SIGKILL))
        #expect(child.nextLine(within: .seconds(5)) == .ended)
        #expect(!child.isRunning)
    }

    @Test func aHeldInputKeepsTheChildReadingUntilItIsStopped() throws {
        let child = try ChildProcess("/bin/cat", [], input: .heldOpen)
        // cat ends at the end of its input: while the pipe is held open it does not.
        #expect(child.wait(upTo: .milliseconds(300)) == nil)
        child.stop(grace: .seconds(5))
        #expect(child.wait() == .signaled(SIGTERM))
    }

    @Test func aHeldInputTakesWritesAndItsCloseEndsTheProgram() throws {
        let child = try ChildProcess("/bin/cat", [], input: .heldOpen)
        try child.write("first\n")
        #expect(child.nextLine(within: .seconds(10)) == .line("first"))
        // Bytes as they are, not UTF-8 (a binary protocol's frames).
        try child.write([0xff, 0x00, 0x0a])
        child.closeInput()
        #expect(child.wait() == .exited(0))
        #expect(child.stdoutBytes == Array("first\n".utf8) + [0xff, 0x00, 0x0a])
        #expect(throws: ChildProcess.InputError.self) { try child.write("too late\n") }
    }

    /// A descriptor this process holds without close-on-exec (as libraries and test processes do,
    /// by the hundred) must not reach the child: PostgreSQL, started under `ulimit -n 1024` from a
    /// test process with many open, refused to run.
    @Test func theChildInheritsNoDescriptorAboveStandardError() throws {
        let held = open("/dev/null", O_RDONLY)
        try #require(held > 2)
        defer { close(held) }
        #expect(fcntl(held, F_GETFD) & FD_CLOEXEC == 0)
        let (exit, stdout, _) = try ChildProcess.run("/bin/sh", ["-c", "[ -e /proc/self/fd/\(held) ] && echo open || echo closed"])
        #expect(exit.succeeded)
        #expect(stdout == "closed\n")
    }

    @Test func aProgramThatCannotStartIsNamed() {
        #expect {
            try ChildProcess("/nonexistent/linkstr-probe", [])
        } throws: { error in
            (error as? ChildProcess.StartError)?.description.hasPrefix("cannot start /nonexistent/linkstr-probe: ") == true
        }
    }

    /// Synchronous waits from more tasks than the cooperative pool has threads: the runner's threads
    /// need nothing from the pool, so no child waits for a pool thread its caller holds.
    @Test func synchronousWaitsFromEveryPoolThreadDoNotStarveTheChildren() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<count {
                group.addTask { try ChildProcess.run("/bin/sh", ["-c", "sleep 0.2; echo \(index)"]).stdout }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outputs) == Set((0..<count).map { "\($0)\n" }))
    }

    @Test func aDetachedProgramRunsInAProcessGroupOfItsOwn() throws {
        let pid = try DetachedProcess.spawn("/bin/sleep", ["5"]).get()
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        #expect(getpgid(pid) == pid)
        #expect(getpgid(pid) != getpgrp())
    }

    @Test func aDetachedProgramIsReapedWhenItEnds() throws {
        let pid = try DetachedProcess.spawn("/bin/sh", ["-c", "exit 3"]).get()
        let ended = DispatchSemaphore(value: 0)
        let status = Mutex<Int32?>(nil)
        DetachedProcess.reapWhenEnded(pid) { wait in
            status.withLock { $0 = wait }
            ended.signal()
        }
        #expect(ended.wait(timeout: .now() + 20) == .success)
        // WEXITSTATUS, which Swift does not import.
        #expect(status.withLock { $0 }.map { ($0 >> 8) & 0xff } == 3)
        #expect(waitpid(pid, nil, WNOHANG) == -1 && errno == ECHILD, "no zombie left to reap")
    }

    @Test func aDetachedProgramThatCannotStartSaysWhy() {
        guard case .failure(let error) = DetachedProcess.spawn("/nonexistent/linkstr-probe", []) else {
            Issue.record("it started")
            return
        }
        #expect(error.code == ENOENT)
    }
}
