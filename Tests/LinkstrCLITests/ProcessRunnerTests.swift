import Foundation
import Testing

/// The test helper that runs programs: it returns when the program exits, even while a process the
/// program started in the background still holds its output open.
@Suite struct ProcessRunnerTests {
    @Test(.timeLimit(.minutes(1)))
    func returnsWhenTheChildExitsThoughABackgroundGrandchildKeepsItsOutputOpen() throws {
        let started = Date()
        let result = try ProcessRunner.run("/bin/sh", ["-c", "echo before; sleep 60 & echo $!; echo to-stderr >&2"], timeout: 30)
        let elapsed = Date().timeIntervalSince(started)
        let lines = result.stdout.split(separator: "\n")
        if let grandchild = lines.last.flatMap({ Int32($0) }) { kill(grandchild, SIGKILL) }

        #expect(elapsed < ProcessRunner.drainSeconds + 5, "took \(elapsed) s")
        #expect(result.status == 0 && !result.signaled)
        #expect(lines.first == "before" && lines.count == 2)
        #expect(result.stderr.hasPrefix("to-stderr\n"))
        #expect(result.stderr.contains("a process it started still holds its output open"))
    }

    @Test func readsEverythingOfAProgramThatClosesItsOutput() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' x; echo; exit 3"], stdin: "ignored")
        #expect(result.status == 3)
        #expect(result.stdout.count == 200_001)
        #expect(result.stderr.isEmpty)
    }
}
