import Foundation
import LinkstrRuntime
import PluginABI
import PluginTesting
import Testing

/// A program that embeds linkstr unlocks the home's keys (the agent started from the `linkstr`
/// beside the library), uses the key through the agent, and locks again; whoami says which.
@Suite("Embedding the runtime from C: the lock", .timeLimit(.minutes(1)))
struct LockEmbeddingTests {
    private struct Whoami: Decodable {
        var name: String
        var locked: Bool
    }

    private struct Unlocked: Decodable {
        var unlocked: [String]
        var until: String?
    }

    @Test func aProgramUnlocksUsesTheKeyAndLocks() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("home")
        scratch.write("home/config.toml", "relays = [\"ws://127.0.0.1:9\"]\n[profiles]\nauto_lock_minutes = 0\n")
        let made = try ProcessRunner.linkstr(["account", "create", "--name", "Alice", "--key-store", "plain", "--home", home])
        #expect(made.status == 0, "\(made.stderr)")
        let set = try ProcessRunner.linkstr(["profile", "passphrase", "--passphrase-stdin", "--home", home], stdin: "correct horse\n")
        #expect(set.status == 0, "\(set.stderr)")
        defer { HomeUnlockAgent.stop(home) }

        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let program = try FixtureBuilder.embeddingProgram(FixtureBuilder.fixturesDirectory + "/embed_lock.c", scratch.file("embed_lock"), library: lib)
        // setsid: no terminal to ask for a passphrase on, so the key can only come from the agent.
        let result = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", program, home, "correct horse"], environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let log = EmbeddedCallLog(result.stdout)

        #expect(try log.record(Whoami.self, "whoami").locked)
        #expect(log["unlock-wrong"] == .init(status: LKH_E_UNAVAILABLE, text: "wrong passphrase: it is not this home's master passphrase"))
        #expect(log["unlock-null"] == .init(status: LKH_E_INVALID, text: "passphrase must not be NULL"))
        let unlocked = try log.record(Unlocked.self, "unlock")
        #expect(unlocked.unlocked == ["Alice"] && unlocked.until == nil, "auto_lock_minutes = 0: until `lock`")
        #expect(try !log.record(Whoami.self, "whoami-unlocked").locked)
        #expect(log["sessions"] == .init(status: LKH_OK, text: "[]"), "the key came from the agent")
        #expect(try log.record([String: Bool].self, "lock") == ["locked": true])
        #expect(try log.record(Whoami.self, "whoami-locked").locked)
        #expect(log.lines.last == "freed")
    }

    /// The Python binding's `unlock()` and `lock()` over the same calls.
    @Test func thePythonBindingUnlocksAndLocks() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("home")
        scratch.write("home/config.toml", "relays = [\"ws://127.0.0.1:9\"]\n")
        #expect(try ProcessRunner.linkstr(["account", "create", "--name", "Py", "--key-store", "plain", "--home", home]).status == 0)
        #expect(try ProcessRunner.linkstr(["profile", "passphrase", "--passphrase-stdin", "--home", home], stdin: "correct horse\n").status == 0)
        defer { HomeUnlockAgent.stop(home) }
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import linkstr
            with linkstr.Runtime(home=sys.argv[2]) as runtime:
                results = {"before": runtime.whoami()["locked"], "unlock": runtime.unlock("correct horse")}
                results["after"] = runtime.whoami()["locked"]
                results["sessions"] = runtime.sessions()
                results["lock"] = runtime.lock()
                results["locked"] = runtime.whoami()["locked"]
                try:
                    runtime.unlock("wrong")
                except linkstr.LinkstrError as error:
                    results["wrong"] = error.message
            print(json.dumps(results))
            """
        let lib = try FixtureBuilder.libraryFolder(in: scratch)
        let result = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", try TestPython.interpreter, "-c", script, PythonBindingTests.bindings, home],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["before"] as? Bool == true && object["after"] as? Bool == false && object["locked"] as? Bool == true)
        #expect((object["unlock"] as? [String: Any])?["unlocked"] as? [String] == ["Py"])
        #expect((object["sessions"] as? [Any])?.isEmpty == true)
        #expect(object["lock"] as? [String: Bool] == ["locked": true])
        #expect(object["wrong"] as? String == "wrong passphrase: it is not this home's master passphrase")
    }
}
