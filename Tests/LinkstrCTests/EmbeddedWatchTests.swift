import Foundation
import Testing

/// `linkstr_runtime_watch` runs the runtime's watch as `linkstr watch` does: over a real relay
/// (rust-nostr's LocalRelay), through the Python binding.
@Suite("Embedding: the watch notifies as linkstr watch does", .timeLimit(.minutes(1)))
struct EmbeddedWatchTests {
    @Test func aLivePostReachesTheConfiguredNotifierAndTheCallback() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        defer { relay.process.kill() }
        let deliver = Script.write(scratch.file("deliver.sh"), "cat >> \"$0.jsonl\"\necho >> \"$0.jsonl\"\n")
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url], config: "notifiers = []\n")
        let bob = try LinkstrHome.create(
            scratch, "bob", relays: [relay.url],
            config: """
                notifiers = ["org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.command"]
                command = ["\(deliver)"]
                include_content = true

                """)
        let lib = try FixtureBuilder.libraryFolder(in: scratch)

        let result = try ProcessRunner.run(
            try TestPython.interpreter,
            [FixtureBuilder.fixturesDirectory + "/watch_notifies.py", PythonBindingTests.bindings, alice.path, bob.path, bob.pubkey],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib), timeout: 50)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let post = try #require(object["post"] as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.first?["type"] as? String == "caught_up")
        #expect(events.contains { $0["type"] as? String == "notification" && $0["url"] as? String == "https://example.com/evening" })

        // The command notifier of Bob's config.toml got the post, once, with its content.
        #expect(await eventually { !TestPython.records(deliver + ".jsonl").isEmpty }, "the notifier got nothing: \(result.stderr)")
        let delivered = TestPython.records(deliver + ".jsonl")
        #expect(delivered.count == 1, "\(delivered)")
        #expect(delivered.first?["kind"] as? String == "post" && delivered.first?["id"] as? String == "post-" + (post["id"] as? String ?? ""))
        #expect(delivered.first?["url"] as? String == "https://example.com/evening" && delivered.first?["note"] as? String == "for tonight")
    }
}
