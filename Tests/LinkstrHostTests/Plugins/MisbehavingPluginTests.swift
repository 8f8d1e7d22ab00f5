import Foundation
import Testing

/// The host survives its plugins: a notifier or media provider built from C in the test that never
/// answers, answers twice, fails after answering or blocks inside its call is skipped at a deadline,
/// named in the log, and neither crashes nor stalls `linkstr`.
@Suite struct MisbehavingPluginTests {
    static let pluginID = "org.linkstr.test.misbehaving"
    static let command = "org.linkstr.notify.command"

    /// A home whose config.toml loads the misbehaving plugin with `behaviour` and `settings`, before
    /// `extra`.
    private func home(_ scratch: TestScratch, behaviour: String, settings: String = "", extra: String = "") throws -> String {
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("misbehaving.so"))
        _ = scratch.write("config.toml", """
            plugin_paths = ["\(plugin)"]
            \(extra)
            [plugins."\(Self.pluginID)"]
            behaviour = "\(behaviour)"
            \(settings)

            """)
        return scratch.path
    }

    private func notifyTest(_ home: String) throws -> (status: Int32, results: [String: [String: Any]], stderr: String) {
        let result = try ProcessRunner.linkstr(["notify", "test", "--json", "--home", home], environment: ["LINKSTR_LOG": "warn"])
        let reported = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        let byID = Dictionary(reported.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
        return (result.status, byID, result.stderr)
    }

    @Test(arguments: ["hang", "slow", "block"])
    func notifyTestSkipsANotifierThatDoesNotAnswerInTime(behaviour: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let script = Script.write(scratch.file("record.sh"), "cat > \"$0.stdin\"\n")
        let home = try home(
            scratch, behaviour: behaviour, settings: "answer_timeout_seconds = 1\ndelay_ms = 60000",
            extra: "notifiers = [\"\(Self.pluginID)\", \"\(Self.command)\"]\n[plugins.\"\(Self.command)\"]\ncommand = [\"\(script)\"]")

        let outcome = try notifyTest(home)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.results[Self.pluginID]?["error"] as? String == "notifier '\(Self.pluginID)' did not answer in 1 s; skipped")
        #expect(outcome.results[Self.command]?["ok"] as? Bool == true, "\(outcome.results)")
    }

    @Test func refusesAnAnswerTimeoutThatIsNoNumberOfSeconds() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try home(scratch, behaviour: "good", settings: "answer_timeout_seconds = \"soon\"", extra: "notifiers = [\"\(Self.pluginID)\"]")
        let outcome = try notifyTest(home)
        #expect(outcome.status == 1)
        #expect(
            outcome.results[Self.pluginID]?["error"] as? String
                == "setting 'answer_timeout_seconds' of [plugins.\"\(Self.pluginID)\"] must be a number of seconds from 0.1 to 3600, not 'soon'",
            "\(outcome.results)")
    }

    /// A probe that never returns leaves that notifier off; the others deliver.
    @Test func notifyTestLeavesOffANotifierWhoseProbeDoesNotAnswer() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let script = Script.write(scratch.file("record.sh"), "cat > \"$0.stdin\"\n")
        let home = try home(
            scratch, behaviour: "block-probe", settings: "delay_ms = 600000",
            extra: "notifiers = [\"\(Self.pluginID)\", \"\(Self.command)\"]\n[plugins.\"\(Self.command)\"]\ncommand = [\"\(script)\"]")

        let outcome = try notifyTest(home)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.results[Self.pluginID]?["error"] as? String == "its probe did not answer in 5 s; it is left off", "\(outcome.results)")
        #expect(outcome.results[Self.command]?["ok"] as? Bool == true, "\(outcome.results)")
    }

    @Test(arguments: [
        ("double-done", "called done twice for one notify call; the second is ignored"),
        ("done-then-error", "returned an error from notify after calling done (failed after calling done); the error is ignored"),
    ])
    func notifyTestIgnoresAndLogsASecondAnswer(behaviour: String, logged: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try home(scratch, behaviour: behaviour, extra: "notifiers = [\"\(Self.pluginID)\"]")

        let outcome = try notifyTest(home)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.results[Self.pluginID]?["ok"] as? Bool == true)
        let lines = outcome.stderr.split(separator: "\n").filter { $0.contains(logged) }
        #expect(lines == ["linkstr: warn: [\(Self.pluginID)] plugin '\(Self.pluginID)' \(logged)"], "\(outcome.stderr)")
    }

    @Test(arguments: ["hang", "slow", "block"])
    func mediaResolveGivesUpAtTheDeadline(behaviour: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try home(scratch, behaviour: behaviour, settings: "delay_ms = 60000")

        let result = try ProcessRunner.linkstr(["media", "resolve", "https://misbehaving.example/v/1", "--timeout", "1", "--home", home])
        #expect(result.status != 0)
        #expect(result.stderr.contains("media provider '\(Self.pluginID)' (resolve) did not answer in 2 s; skipped"), "\(result.stderr)")
    }

    @Test(arguments: [
        ("double-done", "called done twice for one resolve call; the second is ignored"),
        ("done-then-error", "returned an error from resolve after calling done (failed after calling done); the error is ignored"),
    ])
    func mediaResolveIgnoresAndLogsASecondAnswer(behaviour: String, logged: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try home(scratch, behaviour: behaviour)

        let result = try ProcessRunner.linkstr(
            ["media", "resolve", "https://misbehaving.example/v/1", "--json", "--home", home], environment: ["LINKSTR_LOG": "warn"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"resolved_url\":\"https:\\/\\/misbehaving.example\\/video\"") || result.stdout.contains("https://misbehaving.example/video"))
        #expect(result.stderr.contains("linkstr: warn: [\(Self.pluginID)] plugin '\(Self.pluginID)' \(logged)"), "\(result.stderr)")
    }

    /// `linkstr watch` with a notifier that blocks inside `notify` for a minute next to the command
    /// notifier: every post is printed, stored and notified through the command at once, and
    /// SIGTERM ends the watch while the blocked call goes on.
    @Test(.timeLimit(.minutes(1)))
    func watchKeepsStoringAndNotifyingPastABlockedNotifierAndStopsOnSIGTERM() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        async let startedRelay = TestRelay.start(.rust, scratch: scratch)
        let relay = try await startedRelay
        defer { relay.process.kill() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("misbehaving.so"))
        let deliver = Script.write(scratch.file("deliver.sh"), "cat >> \"$0.jsonl\"\necho >> \"$0.jsonl\"\n")
        let blockedRecord = scratch.file("blocked.ids")
        let alice = try LinkstrHome.create(
            scratch, "alice", relays: [relay.url],
            config: """
                plugin_paths = ["\(plugin)"]
                notifiers = ["\(Self.pluginID)", "\(Self.command)"]
                [plugins."\(Self.pluginID)"]
                behaviour = "block"
                delay_ms = 60000
                record = "\(blockedRecord)"
                [plugins."\(Self.command)"]
                command = ["\(deliver)"]

                """)
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let session = try alice.json(SessionMembers.self, ["session", "create", "Weekend", "--member", bob.pubkey]).id
        _ = try bob.sync()

        let watch = try alice.watch(json: true)
        defer { watch.terminate(within: 5) }
        #expect(await eventually(within: 15) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")

        var posts: [String] = []
        for index in 1...3 {
            posts.append(try bob.json(SentPost.self, ["post", session, "https://example.com/\(index)"]).id)
        }
        let arrived = await eventually(within: 8) {
            watch.jsonLines.count >= 3 && TestPython.records(deliver + ".jsonl").count >= 3
        }
        #expect(arrived, "stdout: \(watch.stdoutLines)\nstderr: \(watch.stderr)")
        #expect(watch.jsonLines.compactMap { $0["id"] as? String } == posts)
        #expect(TestPython.records(deliver + ".jsonl").compactMap { $0["id"] as? String } == posts.map { "post-" + $0 })
        // The blocked notifier got the first notification (and holds it).
        #expect((try? String(contentsOfFile: blockedRecord, encoding: .utf8)) == "post-\(posts[0])\n")

        #expect(watch.terminate(within: 5) == 0, "watch stderr: \(watch.stderr)")
        #expect(watch.stderr.contains("notifier '\(Self.pluginID)' is still inside notify after 1 s; it is left running"), "\(watch.stderr)")

        // What the watch printed was stored: a sync finds nothing new and the feed has the posts.
        let feed = try alice.run(["feed", session, "--json"])
        #expect(posts.allSatisfy { feed.stdout.contains($0) }, "\(feed.stdout)")
    }
}

/// What a plugin returns is checked: an unterminated or non-UTF-8 string, a URL that is not
/// http(s), bytes that are not UTF-8 are refused with the plugin named.
@Suite struct PluginAnswerTests {
    private func run(_ behaviour: String, _ arguments: [String]) throws -> ProcessRunner.Result {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugin = try FixtureBuilder.misbehavingPlugin(scratch.file("misbehaving.so"))
        _ = scratch.write("config.toml", """
            plugin_paths = ["\(plugin)"]
            [plugins."\(MisbehavingPluginTests.pluginID)"]
            behaviour = "\(behaviour)"

            """)
        return try ProcessRunner.linkstr(arguments + ["https://misbehaving.example/v/1", "--home", scratch.path])
    }

    static let role = "media provider '\(MisbehavingPluginTests.pluginID)'"

    @Test(arguments: [
        ("unterminated", ["media", "classify"], "its canonical_url is not NUL-terminated inside its 2048 bytes; refused"),
        ("javascript-embed", ["media", "classify"], "its embed_url 'javascript:alert(1)' is not an http(s) URL; refused"),
        ("garbage", ["media", "resolve"], "its resolution is not UTF-8; refused"),
        ("javascript", ["media", "resolve"], "its embed_url 'javascript:alert(1)' is not an http(s) URL; refused"),
        ("garbage", ["media", "metadata"], "its metadata answer is not UTF-8; refused"),
        ("javascript", ["media", "metadata"], "its thumbnail 'javascript:alert(1)' is not an http(s) URL; refused"),
    ])
    func refusesWithThePluginNamed(behaviour: String, command: [String], refusal: String) throws {
        let result = try run(behaviour, command)
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(Self.role): \(refusal)"), "\(result.stderr)")
    }
}
