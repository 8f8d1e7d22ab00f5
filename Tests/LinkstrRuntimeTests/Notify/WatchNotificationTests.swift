import Foundation
import Testing

/// `linkstr watch` end to end: two accounts on a real relay (rust-nostr's LocalRelay), Alice watching
/// with all three notifiers — the desktop one on a private D-Bus with the recording notification
/// server, the HTTP one against the recording HTTP server, the command one appending each
/// notification to a file — while Bob posts, reacts, takes the reaction back and posts into a
/// session Alice archived; then watch is restarted and Bob posts once more.
@Suite struct WatchNotificationTests {
    @Test(.timeLimit(.minutes(1)))
    func notifiesEachLivePostAndReactionOnceAcrossARestart() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        async let startedRelay = TestRelay.start(.rust, scratch: scratch)
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let relay = try await startedRelay
        defer { relay.process.kill() }  // nothing to save; SIGTERM could wait a second
        let deliver = Script.write(scratch.file("deliver.sh"), "cat >> \"$0.jsonl\"\necho >> \"$0.jsonl\"\n")
        let delivered = deliver + ".jsonl"
        let opener = Script.write(scratch.file("open.sh"), "printf '%s\\n' \"$@\" >> \"$0.opened\"\n")
        let appOpener = Script.write(scratch.file("app.sh"), "printf '%s\\n' \"$@\" >> \"$0.opened\"\n")
        // Content for the local command only; the push and the desktop get the generic text, the
        // desktop with the session name.
        let alice = try LinkstrHome.create(
            scratch, "alice", relays: [relay.url],
            config: """
                notifiers = ["org.linkstr.notify.desktop", "org.linkstr.notify.http", "org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.desktop"]
                open_command = ["\(opener)"]
                app_command = ["\(appOpener)", "app"]
                [plugins."org.linkstr.notify.http"]
                url = "\(recorder.url("/linkstr"))"
                [plugins."org.linkstr.notify.command"]
                command = ["\(deliver)"]
                include_content = true

                """)
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let watchEnvironment = ["DBUS_SESSION_BUS_ADDRESS": server.address]

        // Alice: two sessions with Bob, one archived, and a post Bob will react to. Bob catches up.
        let bobKey = bob.pubkey
        let weekend = try alice.json(SessionMembers.self, ["session", "create", "Weekend", "--member", bobKey]).id
        let archived = try alice.json(SessionMembers.self, ["session", "create", "Old times", "--member", bobKey]).id
        try alice.ok(["session", "archive", archived])
        let alicePost = try alice.json(SentPost.self, ["post", weekend, "https://example.com/from-alice"]).id
        _ = try bob.sync()

        let watch = try alice.watch(json: true, environment: watchEnvironment)
        defer { watch.terminate(within: 5) }
        #expect(await eventually(within: 15) { watch.caughtUp }, "watch did not catch up: \(watch.stderr)")

        // Bob: a post into the archived session, a reaction to Alice's post and its removal (a second
        // later: the same second would leave the order to the event ids, last writer wins, docs/wire-compatibility.md 8), then a post.
        _ = try bob.json(SentPost.self, ["post", archived, "https://example.com/into-the-archive"])
        #expect(try bob.json(ReactionState.self, ["react", weekend, alicePost, "🔥"]) == ReactionState(ok: true, emoji: "🔥", active: true))
        try await Self.sleepIntoTheNextSecond()
        #expect(try bob.json(ReactionState.self, ["react", weekend, alicePost, "🔥", "--off"]) == ReactionState(ok: true, emoji: "🔥", active: false))
        let bobPost = try bob.json(SentPost.self, ["post", weekend, "https://example.com/from-bob", "--note", "watch this"]).id

        // Notifications go out in order, so once the last post's is there, an unwanted one for an
        // earlier event would be too.
        let arrived = await eventually(within: 15) {
            TestPython.records(delivered).count >= 2 && recorder.posts.count >= 2 && server.notifications.count >= 2
                && watch.jsonLines.count >= 4
        }
        #expect(arrived, "\(Self.state(watch, delivered, recorder, server))")

        // One line per change: the archived post, the reaction on and off, the post.
        let changes = watch.jsonLines
        #expect(changes.map { $0["type"] as? String } == ["post", "reaction", "reaction", "post"])
        #expect(changes.map { $0["session"] as? String } == [archived, weekend, weekend, weekend])
        #expect(changes.map { $0["sender"] as? String } == Array(repeating: bobKey, count: 4))
        #expect(changes.dropFirst().prefix(2).map { $0["active"] as? Bool } == [true, false])
        #expect(changes.dropFirst().prefix(2).allSatisfy { $0["post"] as? String == alicePost && $0["emoji"] as? String == "🔥" })
        #expect(changes.last?["url"] as? String == "https://example.com/from-bob")

        // Exactly the reaction and the post, once each; with content only where it was asked for.
        let commanded = TestPython.records(delivered)
        #expect(commanded.map { $0["kind"] as? String } == ["reaction", "post"])
        let ids = commanded.compactMap { $0["id"] as? String }
        #expect(ids.count == 2 && ids[0].hasPrefix("reaction-") && ids[1] == "post-\(bobPost)")
        #expect(commanded.map { $0["url"] as? String } == ["https://example.com/from-alice", "https://example.com/from-bob"])
        #expect(commanded.first?["emoji"] as? String == "🔥")
        #expect(commanded.last?["note"] as? String == "watch this")

        let pushed = recorder.posts.compactMap { post in
            (post["body"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        #expect(recorder.posts.map { $0["path"] as? String } == ["/linkstr", "/linkstr"])
        #expect(pushed.map { $0["id"] as? String } == ids)
        #expect(pushed.map { $0["title"] as? String } == ["linkstr", "linkstr"])
        #expect(pushed.map { $0["body"] as? String } == ["New reaction", "New link"])
        #expect(pushed.allSatisfy { Set($0.keys) == ["id", "kind", "title", "body", "created_at"] })

        let shown = server.notifications
        #expect(shown.map { $0["app_name"] as? String } == ["linkstr", "linkstr"])
        #expect(shown.map { $0["summary"] as? String } == ["linkstr", "linkstr"])
        #expect(shown.map { $0["body"] as? String } == ["New reaction in Weekend", "New link in Weekend"])
        #expect(shown.map { ($0["hints"] as? [String: Any])?["x-linkstr-id"] as? String } == ids)
        #expect(shown.allSatisfy { ($0["hints"] as? [String: Any])?["x-linkstr-url"] == nil })

        // SIGTERM: a clean and prompt exit.
        let stopping = Date()
        #expect(watch.terminate(within: 10) == 0, "watch stderr: \(watch.stderr)")
        #expect(Date().timeIntervalSince(stopping) < 3)

        // Restarted (people's output this time): history comes again, nothing notifies twice; Bob's
        // next post notifies once.
        let again = try alice.watch(json: false, environment: watchEnvironment)
        defer { again.terminate(within: 5) }
        #expect(await eventually(within: 15) { again.caughtUp }, "watch did not catch up: \(again.stderr)")
        let lastPost = try bob.json(SentPost.self, ["post", weekend, "https://example.com/once-more"]).id
        let arrivedAgain = await eventually(within: 15) {
            TestPython.records(delivered).count >= 3 && recorder.posts.count >= 3 && server.notifications.count >= 3
                && !again.stdoutLines.isEmpty
        }
        #expect(arrivedAgain, "\(Self.state(again, delivered, recorder, server))")
        try await Task.sleep(for: .milliseconds(300))  // room for a repeat, should there be one

        #expect(again.stdoutLines.count == 1)
        let line = again.stdoutLines.first ?? ""
        #expect(line.hasPrefix("Weekend · ") && line.hasSuffix(" shared https://example.com/once-more  \(lastPost.prefix(8))"), "\(line)")
        #expect(TestPython.records(delivered).compactMap { $0["id"] as? String } == ids + ["post-\(lastPost)"])
        #expect(recorder.posts.count == 3)
        #expect(server.notifications.count == 3)
        #expect(server.notifications.last?["body"] as? String == "New link in Weekend")

        // "Open" on the desktop notification opens the post's link while watch runs.
        try server.invoke("open")
        #expect(await eventually { (try? String(contentsOfFile: opener + ".opened", encoding: .utf8)) == "https://example.com/once-more\n" })
        // A click on the notification itself opens the post in the app: `app_command` with the post's
        // linkstr://open link (made locally: this notifier was not allowed to see the link).
        try server.invoke("default")
        #expect(await eventually { FileManager.default.fileExists(atPath: appOpener + ".opened") })
        let appArguments = (try? String(contentsOfFile: appOpener + ".opened", encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(appArguments.count == 2 && appArguments.first == "app", "\(appArguments)")
        let payload = Self.deepLinkPayload(appArguments.last ?? "")
        #expect(payload?["messageGUID"] as? String == lastPost && payload?["url"] as? String == "https://example.com/once-more", "\(appArguments)")
        #expect((try? String(contentsOfFile: opener + ".opened", encoding: .utf8)) == "https://example.com/once-more\n")

        #expect(again.terminate(within: 10) == 0, "watch stderr: \(again.stderr)")
    }

    /// What watch printed and what the notifiers got, for a failure message.
    private static func state(_ watch: ExternalProcess, _ delivered: String, _ recorder: HTTPRecorder, _ server: NotificationServer) -> String {
        """
        watch stdout: \(watch.stdoutLines)
        watch stderr: \(watch.stderr)
        command: \(TestPython.records(delivered).map { $0["id"] ?? "?" }), http: \(recorder.posts.count), desktop: \(server.notifications.count)
        """
    }

    /// The JSON payload of a `linkstr://open?p=<base64url>` link.
    private static func deepLinkPayload(_ link: String) -> [String: Any]? {
        guard link.hasPrefix("linkstr://open?p=") else { return nil }
        var token = String(link.dropFirst("linkstr://open?p=".count)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        token += String(repeating: "=", count: (4 - token.count % 4) % 4)
        return Data(base64Encoded: token).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    /// Waits until the wall clock's second changes, so that the next event's timestamp is later.
    private static func sleepIntoTheNextSecond() async throws {
        let now = Date().timeIntervalSince1970
        try await Task.sleep(for: .milliseconds(Int((now.rounded(.down) + 1 - now) * 1000) + 20))
    }
}
