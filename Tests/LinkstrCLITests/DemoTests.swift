import Foundation
import LinkstrProcess
import PluginTesting
import Testing

/// `linkstr demo` end to end, as `scripts/setup-and-run.sh` runs it: a real relay, two accounts,
/// a post, its notification and a reaction; then nothing is left behind.
@Suite(.serialized) struct DemoTests {
    /// Processes whose command line mentions `folder` (the demo's relay and children live there).
    private func processes(mentioning folder: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { $0.allSatisfy(\.isNumber) } ?? []
        return pids.compactMap { pid in
            guard pid != String(getpid()), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(folder) ? "\(pid): \(line)" : nil
        }
    }

    @Test func theTourRunsAndCleansUp() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let temporary = scratch.folder("tmp")
        let home = scratch.folder("home")
        let result = try ProcessRunner.linkstr(["demo"], environment: ["TMPDIR": temporary, "HOME": home, "LINKSTR_COLOR": "never"])
        #expect(result.status == 0, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        for line in [
            "listens at ws://127.0.0.1:",
            "$ linkstr account create --name Alice --key-store plain --home $ALICE",
            "$ linkstr session create 'Movie night' --member Bob --home $ALICE",
            "Movie night · new session by Alice",
            "Movie night · Alice shared https://www.youtube.com/watch?v=dQw4w9WgXcQ — the classic, for tonight",
            "🔔 linkstr — New link in Movie night",
            "● Movie night  just now  2 members",
            "▍ the classic, for tonight",
            "reacted 🔥",
            "🔥 · just now · ",
            "1 / 1 connected or read-only",
            "relay stopped",
            "What next",
        ] {
            #expect(result.stdout.contains(line), "missing: \(line)\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("\u{1B}"))
        // Nothing left: no folder in TMPDIR, nothing written to HOME, no process of the demo.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
        #expect(processes(mentioning: temporary).isEmpty, "\(processes(mentioning: temporary))")
    }

    @Test func sigtermStopsTheTourAndCleansUp() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let temporary = scratch.folder("tmp")
        let demo = try ChildProcess(
            BuildProducts.linkstrExecutable, ["demo"],
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch.folder("home"), "TMPDIR": temporary])
        // Once Bob's watch runs in the background, every kind of child is alive.
        let deadline = ContinuousClock.now + .seconds(30)
        while !demo.stdout.contains("Alice shares a link"), ContinuousClock.now < deadline, demo.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!processes(mentioning: temporary).isEmpty)
        demo.signal(SIGTERM)
        #expect(demo.waitForExit(upTo: .seconds(30)) == .exited(143))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        // The children got SIGTERM too; give them a moment to exit.
        let gone = ContinuousClock.now + .seconds(5)
        while !processes(mentioning: temporary).isEmpty, ContinuousClock.now < gone { try await Task.sleep(for: .milliseconds(50)) }
        #expect(processes(mentioning: temporary).isEmpty, "\(processes(mentioning: temporary))")
    }

    @Test func aMissingVenvIsExplained() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["demo", "--venv", scratch.file("no-venv")], environment: ["TMPDIR": scratch.folder("tmp")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("run scripts/bootstrap.sh") || result.stderr.contains("Run scripts/bootstrap.sh"), "\(result.stderr)")
    }
}
