import Foundation
import Testing
import TestSupport

/// The tests' one process wrapper: a suite starts hundreds of these, so what one holds must go with it.
@Suite("ExternalProcess", .timeLimit(.minutes(1)))
struct ExternalProcessTests {
    @Test func itsPipesAreClosedWhenItIsGone() async throws {
        var pipes: [String] = []
        for _ in 0..<3 {
            // Waits on its held stdin, so that its pipes can be seen while it runs.
            let child = try ExternalProcess(executable: "/bin/sh", ["-c", "read line; echo ready"], input: .heldOpen)
            for descriptor in 0...2 {
                pipes.append(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.processIdentifier)/fd/\(descriptor)"))
            }
            try child.write(Array("go\n".utf8))
            #expect(try await child.finish() == ["ready"])
        }
        #expect(Set(pipes).count == 9 && pipes.allSatisfy { $0.hasPrefix("pipe:") }, "\(pipes)")
        #expect(await eventually { Set(pipes).isDisjoint(with: Self.openHere()) }, "still open: \(Set(pipes).intersection(Self.openHere()).sorted())")
    }

    @Test func aHelperAnswersCommandsAndEndsWithItsInput() throws {
        let helper = try ExternalProcess(
            executable: "/bin/sh", ["-c", "echo READY here; while read command; do echo \"did $command\"; echo OK; done; echo bye"], input: .heldOpen)
        #expect(try helper.readyNow() == "here")
        try helper.send("first")
        #expect(helper.stdoutLines == ["READY here", "did first", "OK"])
        helper.stop()
        #expect(helper.exit == .exited(0))
        #expect(helper.waitForEnd(upTo: .seconds(5)) == .exited(0) && helper.stdoutLines.last == "bye")
    }

    @Test func terminateSaysHowItEnded() throws {
        let watcher = try ExternalProcess(executable: "/bin/sh", ["-c", "trap 'echo stopping; exit 3' TERM; echo READY up; while :; do sleep 0.05; done"])
        _ = try watcher.readyNow()
        #expect(watcher.terminate(within: 10) == 3)
        #expect(watcher.stdoutLines.last == "stopping")
        #expect(!watcher.isRunning)
    }

    private static func openHere() -> Set<String> {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(open.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") })
    }
}
