import Foundation
import NostrCore
import PluginABI
import PluginTesting
import Testing

/// The Python binding (bindings/python/linkstr.py) and its react bot, over a real relay, with the
/// venv's Python.
@Suite("Embedding the runtime from Python", .timeLimit(.minutes(1)))
struct PythonBindingTests {
    static let bindings = FixtureBuilder.repositoryRoot + "/bindings/python"

    @Test func theBindingCreatesAnAccountPostsReadsTheFeedAndSyncs() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let home = scratch.folder("home")
        scratch.write("home/config.toml", "relays = [\"\(relay.url)\"]\n")
        let unreachable = scratch.folder("unreachable")
        scratch.write("unreachable/config.toml", "relays = [\"ws://127.0.0.1:\(FreePort.next())\"]\n")
        let person = SecretKey.generate().publicKey
        let lib = try FixtureBuilder.libraryFolder(in: scratch)

        let result = try ProcessRunner.run(
            try TestPython.interpreter,
            [FixtureBuilder.fixturesDirectory + "/runtime_calls.py", Self.bindings, home, unreachable, person.npub],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let refusal = object["no_account"] as? [String: Any]
        #expect(refusal?["code"] as? Int == 100)
        #expect(refusal?["message"] as? String == "no account here; create one with `linkstr account create` or `linkstr account import`")
        // Media needs no account.
        #expect(object["media_resolve"] as? [String: String] == [
            "provider": "generic", "mode": "link", "resolved_url": "https://example.com/article", "via": "static",
        ])
        #expect((object["media_bad_link"] as? [String: Any])?["code"] as? Int == Int(LKH_E_INVALID))
        let account = try #require(object["account"] as? [String: String])
        #expect(account["name"] == "Py" && account["key_store"] == "plain")
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.map { $0["name"] as? String } == ["Py"] && profiles.map { $0["active"] as? Bool } == [true])
        let whoami = try #require(object["whoami"] as? [String: Any])
        #expect(whoami["npub"] as? String == account["npub"] && whoami["id"] as? String == profiles.first?["id"] as? String)
        #expect((object["profile_use"] as? [String: Any])?["name"] as? String == "Py")
        let session = try #require(object["session"] as? [String: Any])
        #expect(session["name"] as? String == "Python room" && session["members"] as? [String] == [account["pubkey"]!])
        let post = try #require(object["post"] as? [String: String])
        #expect(post["url"] == "https://example.com/py" && post["note"] == "from Python" && post["session"] == session["id"] as? String)
        let feed = try #require(object["feed"] as? [[String: Any]])
        #expect(feed.map { $0["id"] as? String } == [post["id"]])
        #expect(feed.first?["note"] as? String == "from Python")
        let sync = try #require(object["sync"] as? [String: Any])
        #expect(sync["rejected"] as? Int == 0 && sync["received"] is Int)
        #expect(session["warnings"] as? [String] == [])

        // A second session of the same name says which id names it from now on.
        let namesake = try #require(object["namesake"] as? [String: Any])
        let namesakeID = try #require(namesake["id"] as? String)
        #expect(
            namesake["warnings"] as? [String] == [
                "another session is also named 'PYTHON room' (\(session["id"] as? String ?? "")); name this one by its id: \(namesakeID)"
            ])
        // Members: added once, removed, and the snapshot without changes.
        let added = try #require(object["members_added"] as? [String: Any])
        #expect(added["id"] as? String == session["id"] as? String)
        #expect(Set(added["members"] as? [String] ?? []) == [account["pubkey"]!, person.hex])
        #expect((added["members"] as? [String])?.count == 2)
        #expect((object["members_removed"] as? [String: Any])?["members"] as? [String] == [account["pubkey"]!])
        #expect((object["members"] as? [String: Any])?["members"] as? [String] == [account["pubkey"]!])

        // A relay that refuses the connection ends the watch at once, saying so.
        let events = try #require(object["watch_events"] as? [[String: Any]])
        let message = events.last?["message"] as? String ?? ""
        #expect(events.last?["type"] as? String == "error" && message.contains("no relay could be reached (ws://127.0.0.1:"), "\(events)")
        #expect((object["watch_seconds"] as? Double ?? 99) < 10)
    }

    @Test func theBindingSavesListsByTagSuggestsTagsSyncsTheWebhookAndReportsFailures() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [], config: "[saved]\nwebhook = \"\(recorder.url("/hook"))\"\n")
        let lib = try FixtureBuilder.libraryFolder(in: scratch)

        let result = try ProcessRunner.run(
            try TestPython.interpreter, [FixtureBuilder.fixturesDirectory + "/saved_calls.py", Self.bindings, alice.path],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let swift = "https://github.com/apple/swift"
        let (testing, recipe) = ("https://github.com/swiftlang/swift-testing", "https://example.com/recipe")
        let saved = try #require(object["saved_swift"] as? [String: Any])
        #expect(saved["url"] as? String == swift && saved["tags"] as? [String] == ["code", "swift"])
        #expect(saved["note"] as? String == "the compiler" && saved["already_saved"] as? Bool == false)
        let again = try #require(object["saved_again"] as? [String: Any])
        #expect(again["already_saved"] as? Bool == true && again["id"] as? String == saved["id"] as? String)
        #expect(again["tags"] as? [String] == ["code", "later", "swift"] && again["note"] as? String == "the compiler")

        func urls(_ key: String) -> [String] { (object[key] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String } }
        #expect(Set(urls("by_tag")) == [testing, swift] && urls("by_tag").count == 2)
        #expect(urls("by_two_tags") == [swift])
        #expect(urls("by_search") == [recipe])
        // The records are those of `linkstr saved --json`.
        let listed = try alice.run(["saved", "--tag", "code", "--json"])
        let cli = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect((object["by_tag"] as? [[String: Any]]).map { NSArray(array: $0) } == NSArray(array: cli))

        // For another github.com link, the tags used on github.com come first.
        let suggestions = (object["suggestions"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(suggestions.first == "code" && Set(suggestions.prefix(3)) == ["code", "later", "swift"] && suggestions.last == "food")
        let tags = try #require(object["tags"] as? [[String: Any]])
        #expect(tags.first?["name"] as? String == "code" && tags.first?["count"] as? Int == 2)

        #expect((object["retagged"] as? [String: Any])?["tags"] as? [String] == ["cooking"])
        #expect((object["unsaved"] as? [String: Any])?["deleted_at"] is String)
        #expect(urls("deleted") == [recipe])
        #expect(!urls("kept_after_unsave").contains(recipe))
        let restored = try #require(object["restored"] as? [String: Any])
        #expect(restored["deleted_at"] == nil && restored["tags"] as? [String] == ["cooking"])

        // The webhook received every kept link once.
        let sync = try #require(object["sync"] as? [String: Any])
        #expect(sync["status"] as? String == "ok" && sync["sent"] as? Int == 3 && sync["last_sync"] is String)
        #expect((object["sync_status"] as? [String: Any])?["last_sync"] as? String == sync["last_sync"] as? String)
        #expect(recorder.posts.count == 1)
        let body = recorder.posts.first?["body"] as? String ?? ""
        #expect([swift, testing, recipe].allSatisfy { body.contains($0) })

        // Failures: the code and the sentence `linkstr` prints.
        let notSaved = try #require(object["not_saved"] as? [String: Any])
        let unsave = try alice.run(["unsave", "https://example.com/never"])
        #expect(notSaved["code"] as? Int == Int(LKH_E_INVALID) && unsave.status == 2)
        #expect(unsave.stderr == "linkstr: \(notSaved["message"] as? String ?? "")\n")
        #expect(
            (object["bad_tags"] as? [String: Any])?["message"] as? String
                == "tags must be a JSON array of strings (tag names), not {\"a\":1}")
        #expect((object["empty_tag"] as? [String: Any])?["message"] as? String == "a tag cannot be empty; give a word such as --tag reading")
    }

    @Test func theReactBotReactsToBobsPostAndBobSeesTheReaction() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let botHome = try LinkstrHome.create(scratch, "bot", relays: [relay.url])
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let session = try botHome.json(SessionMembers.self, ["session", "create", "Bot room", "--member", bob.npub]).id
        let lib = try FixtureBuilder.libraryFolder(in: scratch)

        let bot = try ExternalProcess(
            executable: try TestPython.interpreter, [Self.bindings + "/examples/react_bot.py", botHome.path, "bot ROOM"],
            environment: FixtureBuilder.embeddingEnvironment(scratch, library: lib), input: .heldOpen)
        defer { _ = bot.terminate(within: 5) }
        #expect(await eventually(within: 20) { bot.stdoutLines.contains("watching bot ROOM") }, "\(bot.stderr)")

        _ = try bob.sync()
        let post = try bob.json(SentPost.self, ["post", session, "https://example.com/for-the-bot"])
        #expect(
            await eventually(within: 20) { bot.stdoutLines.contains("reacted 👀 to https://example.com/for-the-bot (\(post.id.prefix(12)))") },
            "\(bot.stdoutLines) \(bot.stderr)")
        _ = try bob.sync()
        #expect(try bob.feed(session).first { $0.id == post.id }?.reactions == ["👀": [botHome.pubkey]])

        #expect(bot.terminate(within: 10) == 0, "\(bot.stderr)")
        #expect(bot.stdoutLines.last == "stopped")
    }
}
