import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import TestSupport
import Testing

/// The logic of post, react, delete, read and feed through the composition root, in process: Alice
/// posts, Bob syncs and answers.
@Suite(.timeLimit(.minutes(1))) struct PostUseCaseTests {
    let relay = FakeRelay()
    let scratch = TestScratch()

    /// Alice and Bob, each in a home of their own, and Alice's session with Bob, which Bob has
    /// synced (so what arrives from now on is news to him, not history restored as read).
    func aliceAndBob() async throws -> (alice: OpenedAccount, bob: OpenedAccount, session: SessionID) {
        let alice = try InProcessHome.account(scratch, relay: relay)
        let bob = try InProcessHome.account(scratch, relay: relay)
        let session = try await alice.runtime.createSession(name: "Links", members: [bob.runtime.me])
        _ = try await bob.runtime.sync()
        return (alice, bob, session.id)
    }

    @Test(arguments: [
        ("youtube.com/watch?v=dQw4w9WgXcQ", "https://youtube.com/watch?v=dQw4w9WgXcQ"),
        (" http://example.com/a ", "http://example.com/a"),
        ("bücher.de/x", "https://xn--bcher-kva.de/x"),
    ])
    func aPostedLinkIsStoredNormalisedWithItsNote(_ input: String, _ stored: String) async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await alice.runtime.post(session, url: input, note: "look")
        #expect(post.url == stored)
        #expect(printed(JSONRecords.SentPost(post))["url"] as? String == stored)

        _ = try await bob.runtime.sync()
        let feed = try await bob.runtime.feed(session, limit: nil)
        #expect(feed.map(\.post.url) == [stored])
        #expect(feed.first?.post.note == "look")
        #expect(feed.first?.post.unread == true)
    }

    @Test(arguments: ["not a url", "mailto:test@example.com", "ftp://example.com/file", "javascript:alert(1)"])
    func somethingThatIsNoWebLinkIsBadInputAndNothingIsSent(_ input: String) async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let before = relay.storedEvents.count
        let error = await #expect(throws: LinkstrError.self) { try await alice.runtime.post(session, url: input, note: nil) }
        #expect(error?.code == .badInput)
        #expect(relay.storedEvents.count == before)
        #expect(try await alice.runtime.feed(session, limit: nil).isEmpty)
    }

    @Test func aReactionTogglesAndOnAndOffSetItWhateverItWas() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await alice.runtime.post(session, url: "https://example.com/talk", note: nil)
        _ = try await bob.runtime.sync()
        let prefix = String(post.id.hex.prefix(8))
        let postID = try await bob.runtime.resolvePost(prefix, in: session)
        #expect(postID == post.id)

        #expect(try await bob.runtime.react(session, postID: postID, emoji: "🔥", active: nil).active)
        #expect(try await bob.runtime.react(session, postID: postID, emoji: "🔥", active: true).active)
        _ = try await alice.runtime.sync()
        let reactions = try await alice.runtime.feed(session, limit: nil).first?.reactions
        #expect(reactions?.map(\.emoji) == ["🔥"])
        #expect(reactions?.first?.senders == [bob.runtime.me])
        let row = printed(JSONRecords.FeedRow(try #require(try await alice.runtime.feed(session, limit: nil).first)))
        #expect(row["reactions"] as? [String: [String]] == ["🔥": [bob.runtime.me.hex]])

        #expect(try await bob.runtime.react(session, postID: postID, emoji: "🔥", active: false).active == false)
        #expect(try await bob.runtime.react(session, postID: postID, emoji: "🔥", active: false).active == false)
        _ = try await alice.runtime.sync()
        #expect(try await alice.runtime.feed(session, limit: nil).first?.reactions.isEmpty == true)

        #expect(try await bob.runtime.react(session, postID: postID, emoji: "🔥", active: nil).active)
    }

    @Test func aReactionThatIsNotOneEmojiIsBadInput() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await alice.runtime.post(session, url: "https://example.com/talk", note: nil)
        let error = await #expect(throws: LinkstrError.self) {
            try await alice.runtime.react(session, postID: post.id, emoji: "nice", active: nil)
        }
        #expect(error?.code == .badInput)
    }

    @Test func aDeletedPostLeavesBothFeedsAndOnlyItsSenderMayDeleteIt() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let kept = try await alice.runtime.post(session, url: "https://example.com/kept", note: nil)
        let gone = try await alice.runtime.post(session, url: "https://example.com/gone", note: nil)
        _ = try await bob.runtime.sync()

        await #expect(throws: LinkstrError.self) { try await bob.runtime.delete(session, postID: gone.id) }
        let deletion = try await alice.runtime.delete(session, postID: gone.id)
        #expect(printed(JSONRecords.Deletion(deletion))["relay_copies_kept"] as? Bool == false)
        #expect(deletion.warnings.isEmpty)
        _ = try await bob.runtime.sync()
        #expect(try await alice.runtime.feed(session, limit: nil).map(\.post.id) == [kept.id])
        #expect(try await bob.runtime.feed(session, limit: nil).map(\.post.id) == [kept.id])
    }

    @Test func aPostThatCameBackBySyncIsDeletedForMembersWithAWarningThatRelaysKeepItsCopies() async throws {
        defer { scratch.remove() }
        let aliceKey = SecretKey.generate()
        let alice = try InProcessHome.account(scratch, relay: relay, key: aliceKey)
        defer { alice.host.stop() }
        let session = try await alice.runtime.createSession(name: "Mine", members: [])
        let post = try await alice.runtime.post(session.id, url: "https://example.com/a", note: nil)
        // The same account restored in another home: the post comes back by sync, without its wrap keys.
        let restored = try InProcessHome.account(scratch, relay: relay, key: aliceKey)
        defer { restored.host.stop() }
        _ = try await restored.runtime.sync()

        let deletion = try await restored.runtime.delete(session.id, postID: post.id)
        #expect(deletion.relayCopiesKept)
        #expect(deletion.warnings == [
            "members no longer see the post, but relays keep their copies of it: only the machine that sent it holds the keys to ask them to drop those copies"
        ])
        #expect(try await restored.runtime.feed(session.id, limit: nil).isEmpty)
    }

    @Test func readMarksOnePostOrTheWholeSessionAndTheSessionIsReadWhenNoneIsLeft() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let first = try await alice.runtime.post(session, url: "https://example.com/1", note: nil)
        _ = try await alice.runtime.post(session, url: "https://example.com/2", note: nil)
        _ = try await alice.runtime.post(session, url: "https://example.com/3", note: nil)
        _ = try await bob.runtime.sync()
        let runtime = bob.runtime
        #expect(try await runtime.summary(of: session).unread)

        #expect(try await runtime.markRead(session, post: first.id) == 1)
        let unread = try await runtime.feed(session, limit: nil).filter(\.post.unread).map(\.post.id)
        #expect(unread.count == 2 && !unread.contains(first.id))
        #expect(try await runtime.summary(of: session).unread)

        #expect(try await runtime.markRead(session, post: nil) == 2)
        #expect(try await runtime.feed(session, limit: nil).allSatisfy { !$0.post.unread })
        #expect(try await runtime.summary(of: session).unread == false)
        #expect(try await runtime.markRead(session, post: nil) == 0)
    }

    @Test func aLimitedFeedIsTheNewestPostsOfTheWholeFeedOldestFirst() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        // Posted within a second or two: a limited feed reads pages of limit + 16 posts, whose
        // boundaries fall among posts of the same time.
        for index in 1...40 { _ = try await alice.runtime.post(session, url: "https://example.com/\(index)", note: nil) }
        let runtime = alice.runtime
        let whole = try await runtime.feed(session, limit: nil)
        #expect(whole.count == 40)
        #expect(whole.map(\.post.createdAt) == whole.map(\.post.createdAt).sorted())
        for limit in [1, 2, 17, 23, 39, 40, 50] {
            #expect(try await runtime.feed(session, limit: limit).map(\.post.id) == whole.suffix(limit).map(\.post.id), "limit \(limit)")
        }
    }

    @Test func theSessionFeedNamesItsPeopleAndPlacesTheMembershipChangesOfItsSpan() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let runtime = alice.runtime
        _ = try await runtime.addContact(bob.runtime.me, alias: "Bob")
        let carol = SecretKey.generate().publicKey
        _ = try await runtime.post(session, url: "https://example.com/1", note: nil)
        _ = try await runtime.changeMembers(session, adding: [carol], removing: [bob.runtime.me])

        let feed = try await runtime.sessionFeed(session, limit: nil)
        #expect(feed.session.id == session && feed.items.count == 1)
        #expect(feed.membershipChanges.map(\.added) == [[carol]])
        #expect(feed.membershipChanges.map(\.removed) == [[bob.runtime.me]])
        #expect(feed.names[bob.runtime.me] == "Bob")
        #expect(feed.names[carol] == carol.npub)
        #expect(feed.names[runtime.me] != nil)
    }

    @Test func aSharedPostsLinkOpensItsURLWithItsTimeAndId() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await alice.runtime.post(session, url: "https://example.com/shared", note: nil)
        let found = try await alice.runtime.resolvePost(String(post.id.hex.prefix(10)))
        let decoded = try DeepLink.decode(DeepLink(post: found).encoded())
        #expect(decoded.url == "https://example.com/shared")
        #expect(decoded.timestamp == post.createdAt && decoded.messageGUID == post.id.hex && decoded.format == .payload)
    }

    @Test func aPostIsNamedByAPrefixOfAtLeastEightHexCharacters() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await alice.runtime.post(session, url: "https://example.com/a", note: nil)
        #expect(try await alice.runtime.resolvePost(String(post.id.hex.prefix(8))).id == post.id)
        let short = await #expect(throws: LinkstrError.self) { try await alice.runtime.resolvePost(String(post.id.hex.prefix(7))) }
        #expect(short?.code == .badInput)
    }
}
