import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import Synchronization
import Testing

/// Two accounts, Alice and Bob, each a `AccountRuntime` on its own host (memory storage) in this
/// process, talking through one FakeRelay: sessions, posts, reactions, deletions, live delivery to
/// `watch`, contacts and the relay list, with no relay process and no socket.
@Suite(.timeLimit(.minutes(1))) struct InProcessRuntimeTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    /// A runtime for `key` on a host of its own (its own memory storage) that uses `relay`.
    func runtime(_ key: SecretKey = .generate()) throws -> AccountRuntime {
        let host = try relay.makeHost(home: scratch.folder(UUID().uuidString))
        return try AccountRuntime(host: host, backend: host.openStorage(), secretKey: key)
    }

    /// Alice's session "Links" with Bob, and her first post in it.
    func aliceSharesALink(_ alice: AccountRuntime, with bob: AccountRuntime) async throws -> (SessionSummary, Post) {
        let session = try await Sessions.createSession(name: "Links", members: [bob.me], in: alice)
        let post = try await Sessions.post(session.id, url: "https://example.com/talk", note: "watch this", in: alice)
        return (session, post)
    }

    @Test func bobSyncsAndSeesAlicesSessionAndPost() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let (session, post) = try await aliceSharesALink(alice, with: bob)
        // One wrap per recipient (Bob and Alice herself) for each of the two messages.
        #expect(relay.storedEvents(matching: Filter(kinds: [1059], pubkeyReferences: [bob.me])).count == 2)
        #expect(relay.storedEvents.count == 4)

        let report = try await InboxSync.sync(in: bob)
        #expect(report.received == 2)
        #expect(report.accepted == 2)
        #expect(try await Sessions.resolveSession("Links", in: bob) == session.id)
        #expect(try await Sessions.summary(of: session.id, in: bob).members.sorted { $0.hex < $1.hex } == [alice.me, bob.me].sorted { $0.hex < $1.hex })
        let feed = try await SessionFeed.posts(session.id, limit: nil, in: bob)
        #expect(feed.map(\.post.id) == [post.id])
        #expect(feed.first?.post.url == "https://example.com/talk")
        #expect(feed.first?.post.note == "watch this")
        #expect(feed.first?.post.sender == alice.me)
    }

    /// A runtime that disconnected connects again with a transport instance of its own (the pool
    /// destroys the instance it owned when it goes).
    @Test func aRuntimeConnectsAgainAfterDisconnecting() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let (_, first) = try await aliceSharesALink(alice, with: bob)
        #expect(try await InboxSync.sync(in: bob).accepted == 2)
        await bob.disconnect()
        let session = try #require(try await Sessions.sessions(archived: false, in: bob).first)
        let second = try await Sessions.post(session.id, url: "https://example.com/again", note: nil, in: alice)
        let again = try await InboxSync.sync(in: bob)
        let feed = try await SessionFeed.posts(session.id, limit: nil, in: bob)
        // Both posts were made in the same second, so either may list first.
        #expect(Set(feed.map(\.post.id)) == [first.id, second.id], "\(feed.map(\.post.url))")
        #expect(again.accepted == 1, "\(again)")
    }

    @Test func bobsReactionTogglesAndAliceSeesEachState() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let (session, post) = try await aliceSharesALink(alice, with: bob)
        _ = try await InboxSync.sync(in: bob)

        let added = try await Sessions.react(session.id, postID: post.id, emoji: "👍", active: nil, in: bob)
        #expect(added.active)
        _ = try await InboxSync.sync(in: alice)
        let reactions = try await SessionFeed.posts(session.id, limit: nil, in: alice).first?.reactions
        #expect(reactions?.map(\.emoji) == ["👍"])
        #expect(reactions?.first?.senders == [bob.me])

        let removed = try await Sessions.react(session.id, postID: post.id, emoji: "👍", active: nil, in: bob)
        #expect(!removed.active)
        _ = try await InboxSync.sync(in: alice)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: alice).first?.reactions.isEmpty == true)
    }

    @Test func aliceDeletesHerPostForBobAndTheRelayDropsItsWraps() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let (session, post) = try await aliceSharesALink(alice, with: bob)
        _ = try await InboxSync.sync(in: bob)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob).count == 1)

        let deletion = try await Sessions.delete(session.id, postID: post.id, in: alice)
        #expect(deletion.refused.isEmpty)
        #expect(!deletion.relayCopiesKept)
        let wraps = Set(post.wrapIDs.map(\.eventID))
        #expect(wraps.count == 2)
        #expect(!relay.storedEvents.contains { wraps.contains($0.id) })

        _ = try await InboxSync.sync(in: bob)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob).isEmpty)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: alice).isEmpty)
    }

    @Test func bobsWatchReceivesAlicesPostAsItArrives() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let session = try await Sessions.createSession(name: "Live", members: [bob.me], in: alice)

        let seen = WatchLog()
        let watch = Task {
            try await InboxWatch.watch(caughtUp: { seen.caughtUp.withLock { $0 = true } }, observer: { report, source in
                guard source == .live else { return }
                for case .post(let post) in report.changes { seen.livePosts.withLock { $0.append(post) } }
            }, in: bob)
        }
        defer { watch.cancel() }
        #expect(await eventually(within: 5) { seen.caughtUp.withLock { $0 } })
        #expect(relay.openSubscriptions.map(\.id) == [RelayClient.LinkstrSubscription.giftWraps])
        #expect(try await Sessions.sessions(archived: false, in: bob).map(\.id) == [session.id])

        let post = try await Sessions.post(session.id, url: "https://example.com/live", note: nil, in: alice)
        #expect(await eventually(within: 5) { seen.livePosts.withLock { !$0.isEmpty } })
        #expect(seen.livePosts.withLock { $0.map(\.id) } == [post.id])
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob).map(\.post.url) == ["https://example.com/live"])

        watch.cancel()
        try await watch.value
    }

    /// What a watch reported: that it caught up, and the posts and notifications that arrived live.
    final class WatchLog: Sendable {
        let caughtUp = Mutex(false)
        let livePosts = Mutex<[Post]>([])
        let notifications = Mutex<[EngineNotification]>([])
    }

    @Test func withNotifyFromContactsOnlyAContactsPostNotifies() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        var settings = Configuration()
        settings.notifyFrom = .contacts
        let host = try relay.makeHost(home: scratch.folder(UUID().uuidString), configuration: settings)
        let bob = try AccountRuntime(host: host, backend: host.openStorage(), secretKey: .generate())
        let session = try await Sessions.createSession(name: "Live", members: [bob.me], in: alice)

        let seen = WatchLog()
        let watch = Task {
            try await InboxWatch.watch(caughtUp: { seen.caughtUp.withLock { $0 = true } }, observer: { report, _ in
                seen.notifications.withLock { $0 += report.notifications }
            }, in: bob)
        }
        defer { watch.cancel() }
        #expect(await eventually(within: 5) { seen.caughtUp.withLock { $0 } })
        _ = try await Sessions.post(session.id, url: "https://example.com/live", note: nil, in: alice)
        #expect(await eventually(within: 5) { seen.notifications.withLock { !$0.isEmpty } })
        watch.cancel()
        try await watch.value

        let notification = try #require(seen.notifications.withLock { $0.first })
        #expect(await bob.notification(for: notification) == nil)
        _ = try await Contacts.addContact(alice.me, alias: "Alice", in: bob)
        #expect(await bob.notification(for: notification)?.senderName == "Alice")
    }

    @Test func aPostTheRelayRefusesFailsAndNothingIsStored() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let session = try await Sessions.createSession(name: "Links", members: [bob.me], in: alice)
        let before = relay.storedEvents

        relay.setBehaviour(.refusing(message: "blocked: not on the allow list"), for: FakeRelay.defaultURL)
        let error = await #expect(throws: LinkstrError.self) {
            try await Sessions.post(session.id, url: "https://example.com/refused", note: nil, in: alice)
        }
        // One wrap for Bob, one for Alice: both refused.
        #expect(error?.description == "2 of 2 events were not accepted: \(FakeRelay.defaultURL) refused the event: blocked: not on the allow list")
        #expect(relay.storedEvents == before)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: alice).isEmpty)
        let entry = try alice.relays.list().first { $0.url == FakeRelay.defaultURL }
        #expect(entry?.status == "connected")
        #expect(entry?.error == "publish failed: blocked: not on the allow list")
    }

    @Test func theRelayListDecidesWhichRelaysTheTransportUses() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let second = "wss://second.fake.test"
        let third = "wss://third.fake.test"
        let settings = alice.relays
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])

        #expect(try settings.add(second) == RelayEntry(url: second, source: .added))
        try settings.add(third)
        try settings.setEnabled(third, false)
        #expect(try settings.enabled().map(\.url) == [FakeRelay.defaultURL, second])
        relay.setBehaviour(.down(reason: "connection refused"), for: second)

        let report = try await InboxSync.sync(in: alice)
        #expect(report.relays == [FakeRelay.defaultURL])
        let outcomes = try settings.list().map { [$0.url, $0.status ?? "-", $0.error ?? "-"] }
        #expect(outcomes == [
            [FakeRelay.defaultURL, "connected", "-"], [second, "failed", "connection refused"], [third, "-", "-"],
        ])

        try settings.setEnabled(third, true)
        try settings.remove(FakeRelay.defaultURL)
        #expect(try settings.enabled().map(\.url) == [second, third])
        #expect(try settings.removedBaseRelays() == [FakeRelay.defaultURL])
        try settings.reset()
        #expect(try settings.list().map(\.url) == [FakeRelay.defaultURL])
        #expect(try settings.removedBaseRelays().isEmpty)
    }

    @Test func contactsAreOneFollowListOnTheRelayAndComeBackOnAnotherMachine() async throws {
        defer { scratch.remove() }
        let aliceKey = SecretKey.generate()
        let alice = try runtime(aliceKey)
        let bob = SecretKey.generate().publicKey
        let carol = SecretKey.generate().publicKey
        _ = try await Contacts.addContact(bob, alias: "Bob", in: alice)
        _ = try await Contacts.addContact(carol, alias: nil, in: alice)

        let lists = relay.storedEvents(matching: Filter(authors: [alice.me], kinds: [3]))
        #expect(lists.count == 1)
        #expect(Set(lists.first?.tags.filter { $0.first == "p" }.map { $0[1] } ?? []) == [bob.hex, carol.hex])
        #expect(try await Contacts.contacts(in: alice).first { $0.pubkey == bob }?.alias == "Bob")

        let elsewhere = try runtime(aliceKey)
        _ = try await InboxSync.sync(in: elsewhere)
        #expect(Set(try await Contacts.contacts(in: elsewhere).map(\.pubkey)) == [bob, carol])
        #expect(try await Contacts.contacts(in: elsewhere).allSatisfy { $0.alias == nil })
    }
}
