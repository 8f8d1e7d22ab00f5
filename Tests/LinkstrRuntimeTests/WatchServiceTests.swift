import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import ServiceLifecycle
import Testing

/// `WatchService` in-process, in its service group, with accounts opened by a `LinkstrApp`: what Bob's service publishes while Alice sends through a real relay (rust-nostr's
/// LocalRelay), and how it stops (shut down, also during its catch-up, or unable to start).
@Suite struct WatchServiceTests {
    @Test(.timeLimit(.minutes(1)))
    func publishesALivePostAndEndsWithItStoredOnGracefulShutdown() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        defer { relay.process.kill() }
        let aliceApp = try Self.app(scratch, "alice", relay: relay.url)
        let bobApp = try Self.app(scratch, "bob", relay: relay.url)
        let (alice, bob) = (try aliceApp.account(), try bobApp.account())
        let session = try await Sessions.createSession(name: "Links", members: [bob.runtime.me], in: alice.runtime)

        let watch = WatchService(account: bob, timeout: .seconds(10))
        let services = bob.serviceGroup([watch])
        let running = Task { try await services.run() }
        var events = watch.events.makeAsyncIterator()

        // The catch-up brings the session (and its members); then the service follows the relay.
        var catchUp: [WatchEvent] = []
        while let event = await events.next(), event != .caughtUp { catchUp.append(event) }
        guard case .change(.session(let received)) = catchUp.first else {
            Issue.record("the catch-up published \(catchUp), not the session")
            return
        }
        #expect(received.id == session.id && received.creator == alice.runtime.me)

        let post = try await Sessions.post(session.id, url: "https://example.com/live", note: "while watching", in: alice.runtime)
        let live = await events.next()
        guard case .change(.post(let published)) = live else {
            Issue.record("published \(String(describing: live)), not the post")
            return
        }
        #expect(published.id == post.id && published.url == "https://example.com/live" && published.sender == alice.runtime.me)
        // Then what the notifiers get about it (none is configured: it is published all the same).
        let notification = await events.next()
        guard case .notification(let request) = notification else {
            Issue.record("published \(String(describing: notification)), not the post's notification")
            return
        }
        #expect(request.kind == .post && request.url == "https://example.com/live" && request.note == "while watching")

        // A graceful shutdown ends the sequence, then the group, without an error.
        await services.triggerGracefulShutdown()
        var afterShutdown: [WatchEvent] = []
        while let event = await events.next() { afterShutdown.append(event) }
        #expect(afterShutdown.isEmpty)
        try await running.value
        await bobApp.close()

        // A new runtime on Bob's storage has the post.
        let reopened = LinkstrApp(Self.configuration(scratch, "bob"))
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: reopened.account().runtime).map(\.post.id) == [post.id])
        await reopened.close()
        await aliceApp.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func stopsDuringTheCatchUpWithoutAnErrorAndTheNextSyncGetsEverything() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        defer { relay.process.kill() }
        let aliceApp = try Self.app(scratch, "alice", relay: relay.url)
        let bobApp = try Self.app(scratch, "bob", relay: relay.url)
        let (alice, bob) = (try aliceApp.account(), try bobApp.account())
        let session = try await Sessions.createSession(name: "Links", members: [bob.runtime.me], in: alice.runtime)
        _ = try await Sessions.post(session.id, url: "https://example.com/before", note: nil, in: alice.runtime)

        // Asked to shut down before it starts: the service stops at once, in the middle of its catch-up.
        let watch = WatchService(account: bob, timeout: .seconds(10))
        let services = bob.serviceGroup([watch])
        await services.triggerGracefulShutdown()
        let started = ContinuousClock.now
        try await services.run()
        #expect(ContinuousClock.now - started < .seconds(5))
        var events: [WatchEvent] = []
        for await event in watch.events { events.append(event) }
        #expect(!events.contains(.caughtUp))

        _ = try await InboxSync.sync(timeout: .seconds(10), in: bob.runtime)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob.runtime).map(\.post.url) == ["https://example.com/before"])
        await bobApp.close()
        await aliceApp.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func stopsPromptlyWhileAPageOfHistoryIsOutstanding() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.misbehaving("mute")
        defer { relay.process.kill() }
        let bobApp = try Self.app(scratch, "bob", relay: relay.url)
        let bob = try bobApp.account()

        // The relay never ends the first page of history: without a stop, the page waits 20 s.
        let watch = WatchService(account: bob, timeout: .seconds(20))
        let services = bob.serviceGroup([watch])
        let running = Task { try await services.run() }
        try await Task.sleep(for: .seconds(1))
        let stopping = ContinuousClock.now
        await services.triggerGracefulShutdown()
        try await running.value
        #expect(ContinuousClock.now - stopping < .seconds(3))
        var events: [WatchEvent] = []
        for await event in watch.events { events.append(event) }
        #expect(events.isEmpty)
        await bobApp.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func aWatchThatCannotStartEndsTheGroupWithItsReason() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = "ws://127.0.0.1:9"
        let bobApp = try Self.app(scratch, "bob", relay: relay)
        let bob = try bobApp.account()
        try bob.runtime.relays.setEnabled(relay, false)

        let watch = WatchService(account: bob)
        let services = bob.serviceGroup([watch])
        let failure = await #expect(throws: LinkstrError.self) { try await services.run() }
        #expect(failure?.description.hasPrefix("no relays are enabled;") == true, "\(String(describing: failure))")
        var events: [WatchEvent] = []
        for await event in watch.events { events.append(event) }
        #expect(events.isEmpty)
        await bobApp.close()

        // `linkstr watch` says why and exits 1.
        let command = try ProcessRunner.linkstr(["watch", "--home", scratch.file("bob")])
        #expect(command.status == 1)
        #expect(command.stdout.isEmpty)
        #expect(command.stderr.hasPrefix("linkstr: no relays are enabled;"), "\(command.stderr)")
    }

    /// The runtime configuration of the home `scratch/name`.
    static func configuration(_ scratch: TestScratch, _ name: String) -> RuntimeConfiguration {
        RuntimeConfiguration(home: scratch.file(name), environment: ["HOME": scratch.path])
    }

    /// The app of a new account in the home `scratch/name` that uses `relay` and no notifiers.
    static func app(_ scratch: TestScratch, _ name: String, relay: String) throws -> LinkstrApp {
        _ = scratch.folder(name)
        _ = scratch.write(name + "/config.toml", "relays = [\"\(relay)\"]\nnotifiers = []\n")
        let app = LinkstrApp(configuration(scratch, name))
        _ = try app.accounts().save(.generate(), name: name, keyStore: .plain, now: 1_750_000_000)
        return app
    }
}
