import Foundation
import PluginTesting
import TestSupport
import Testing

/// The app and `linkstr watch` of one home, two processes on a real relay: one watch notifies, and
/// the app's open pages hear every post whichever process watches.
@Suite(.timeLimit(.minutes(3))) struct WebAppLiveTests {
    @Test("while `linkstr watch` follows the home the app runs no second watch (one notification a post) and its pages still hear each post; when that watch stops, the app's own takes over")
    func theAppSharesTheHomesWatch() async throws {
        let world = try await TestWorld.start("alice", config: "notifiers = []\n")
        defer { world.stop() }
        let alice = world.homes[0]
        let deliver = Script.write(world.scratch.file("deliver.sh"), "cat >> \"$0.jsonl\"\necho >> \"$0.jsonl\"\n")
        let notified = { TestPython.records(deliver + ".jsonl").compactMap { $0["url"] as? String } }
        let bob = try world.home(
            "bob",
            config: """
                notifiers = ["org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.command"]
                command = ["\(deliver)"]
                include_content = true

                """)
        let created = try alice.run(["session", "create", "Shared", "--member", bob.npub, "--json"])
        let session = try #require((try? JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["id"] as? String, "\(created.stderr)")

        let watch = try bob.watch(json: false)
        defer { watch.stop() }
        #expect(await eventually(within: 20) { watch.caughtUp }, "\(watch.stderr)")
        let app = try await world.app(bob)
        let client = try SignedIn(app)
        let events = try await client.openEvents()
        defer { events.terminate(within: 5) }
        let heard = { (kind: String) in events.stdoutLines.filter { $0.hasPrefix("data: {\"kind\":\"\(kind)\"") } }

        #expect(try alice.run(["post", session, "https://example.com/first"]).status == 0)
        #expect(
            await eventually { heard("post").contains { $0.contains(session) } },
            "the open page heard nothing of the post the other watch stored: \(events.stdoutLines)\napp: \(app.process.stderr)")
        #expect(try client.get("/sessions/\(session)").body.contains("https://example.com/first"))
        #expect(await eventually { notified() == ["https://example.com/first"] }, "\(notified())\nwatch: \(watch.stderr)")
        // Long enough for a second watch's notification to come, had the app started one.
        try await Task.sleep(for: .seconds(2))
        #expect(notified() == ["https://example.com/first"], "notified twice: \(notified())")
        #expect(!watch.stderr.contains("another linkstr watch"), "\(watch.stderr)")

        // The other watch stops: the app follows the relay itself, and notifies.
        watch.terminate(within: 10)
        #expect(
            await eventually(within: 20) { !heard("watching").isEmpty }, "the app did not take the watch over: \(events.stdoutLines)\n\(app.process.stderr)")
        #expect(try alice.run(["post", session, "https://example.com/second"]).status == 0)
        #expect(await eventually { heard("post").filter { $0.contains(session) }.count == 2 }, "\(events.stdoutLines)")
        #expect(await eventually { notified() == ["https://example.com/first", "https://example.com/second"] }, "\(notified())")

        // And a `linkstr watch` started now is refused, naming the app's watch.
        let refused = try bob.run(["watch", "--timeout", "5"])
        #expect(refused.status == 1 && refused.stderr.contains("another linkstr watch"), "\(refused.stderr)")
    }

    @Test("a relay added by another process, then found dead by its sync, reaches the open pages as `relays` events; the settings list shows its red dot and error")
    func relayStatusesReachTheOpenPages() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let app = try await world.app(alice)
        let client = try SignedIn(app)
        let events = try await client.openEvents()
        defer { events.terminate(within: 5) }
        let relayEvents = { events.stdoutLines.filter { $0 == "event: relays" }.count }

        // Nothing listens on port 9 (discard) of this machine.
        let dead = "ws://127.0.0.1:9"
        #expect(try alice.run(["relay", "add", dead]).status == 0)
        #expect(await eventually { relayEvents() >= 1 }, "\(events.stdoutLines)\n\(app.process.stderr)")
        let before = relayEvents()
        _ = try alice.run(["sync", "--timeout", "3"])
        #expect(await eventually { relayEvents() > before }, "the dead relay's status made no event: \(events.stdoutLines)")
        let list = try client.get("/settings?fragment=1").body
        let row = try #require(list.components(separatedBy: "<li class=\"relay\">").first { $0.contains(dead) }, "\(list)")
        #expect(row.contains("class=\"status bad\"") && row.contains("relay-error"), "\(row)")
    }
}

extension SignedIn {
    /// `GET /events` as an open page reads it (curl, unbuffered), once its first comment came.
    func openEvents() async throws -> ExternalProcess {
        let events = try ExternalProcess(
            executable: "/usr/bin/curl", ["-sN", "-H", "Host: \(app.host)", "-H", "Cookie: \(cookie)", "\(app.origin)/events"], input: .heldOpen)
        guard await eventually({ events.stdoutLines.contains(": open") }) else {
            events.terminate(within: 5)
            throw TestFailure("the event stream did not open: \(events.stderr)")
        }
        return events
    }
}
