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
        let session = try await Sessions.createSession(name: "Links", members: [bob.runtime.me], in: alice.runtime)
        _ = try await InboxSync.sync(in: bob.runtime)
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
        let post = try await Sessions.post(session, url: input, note: "look", in: alice.runtime)
        #expect(post.url == stored)
        #expect(printed(JSONRecords.SentPost(post))["url"] as? String == stored)

        _ = try await InboxSync.sync(in: bob.runtime)
        let feed = try await SessionFeed.posts(session, limit: nil, in: bob.runtime)
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
        let error = await #expect(throws: LinkstrError.self) { try await Sessions.post(session, url: input, note: nil, in: alice.runtime) }
        #expect(error?.code == .badInput)
        #expect(relay.storedEvents.count == before)
        #expect(try await SessionFeed.posts(session, limit: nil, in: alice.runtime).isEmpty)
    }

    @Test func aReactionTogglesAndOnAndOffSetItWhateverItWas() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await Sessions.post(session, url: "https://example.com/talk", note: nil, in: alice.runtime)
        _ = try await InboxSync.sync(in: bob.runtime)
        let prefix = String(post.id.hex.prefix(8))
        let postID = try await Sessions.resolvePost(prefix, in: session, in: bob.runtime)
        #expect(postID == post.id)

        #expect(try await Sessions.react(session, postID: postID, emoji: "🔥", active: nil, in: bob.runtime).active)
        #expect(try await Sessions.react(session, postID: postID, emoji: "🔥", active: true, in: bob.runtime).active)
        _ = try await InboxSync.sync(in: alice.runtime)
        let reactions = try await SessionFeed.posts(session, limit: nil, in: alice.runtime).first?.reactions
        #expect(reactions?.map(\.emoji) == ["🔥"])
        #expect(reactions?.first?.senders == [bob.runtime.me])
        let row = printed(JSONRecords.FeedRow(try #require(try await SessionFeed.posts(session, limit: nil, in: alice.runtime).first)))
        #expect(row["reactions"] as? [String: [String]] == ["🔥": [bob.runtime.me.hex]])

        #expect(try await Sessions.react(session, postID: postID, emoji: "🔥", active: false, in: bob.runtime).active == false)
        #expect(try await Sessions.react(session, postID: postID, emoji: "🔥", active: false, in: bob.runtime).active == false)
        _ = try await InboxSync.sync(in: alice.runtime)
        #expect(try await SessionFeed.posts(session, limit: nil, in: alice.runtime).first?.reactions.isEmpty == true)

        #expect(try await Sessions.react(session, postID: postID, emoji: "🔥", active: nil, in: bob.runtime).active)
    }

    @Test func aReactionThatIsNotOneEmojiIsBadInput() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await Sessions.post(session, url: "https://example.com/talk", note: nil, in: alice.runtime)
        let error = await #expect(throws: LinkstrError.self) {
            try await Sessions.react(session, postID: post.id, emoji: "nice", active: nil, in: alice.runtime)
        }
        #expect(error?.code == .badInput)
    }

    @Test func aDeletedPostLeavesBothFeedsAndOnlyItsSenderMayDeleteIt() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let kept = try await Sessions.post(session, url: "https://example.com/kept", note: nil, in: alice.runtime)
        let gone = try await Sessions.post(session, url: "https://example.com/gone", note: nil, in: alice.runtime)
        _ = try await InboxSync.sync(in: bob.runtime)

        await #expect(throws: LinkstrError.self) { try await Sessions.delete(session, postID: gone.id, in: bob.runtime) }
        let deletion = try await Sessions.delete(session, postID: gone.id, in: alice.runtime)
        #expect(printed(JSONRecords.Deletion(deletion))["relay_copies_kept"] as? Bool == false)
        #expect(deletion.warnings.isEmpty)
        _ = try await InboxSync.sync(in: bob.runtime)
        #expect(try await SessionFeed.posts(session, limit: nil, in: alice.runtime).map(\.post.id) == [kept.id])
        #expect(try await SessionFeed.posts(session, limit: nil, in: bob.runtime).map(\.post.id) == [kept.id])
    }

    @Test func aPostThatCameBackBySyncIsDeletedForMembersWithAWarningThatRelaysKeepItsCopies() async throws {
        defer { scratch.remove() }
        let aliceKey = SecretKey.generate()
        let alice = try InProcessHome.account(scratch, relay: relay, key: aliceKey)
        defer { alice.host.stop() }
        let session = try await Sessions.createSession(name: "Mine", members: [], in: alice.runtime)
        let post = try await Sessions.post(session.id, url: "https://example.com/a", note: nil, in: alice.runtime)
        // The same account restored in another home: the post comes back by sync, without its wrap keys.
        let restored = try InProcessHome.account(scratch, relay: relay, key: aliceKey)
        defer { restored.host.stop() }
        _ = try await InboxSync.sync(in: restored.runtime)

        let deletion = try await Sessions.delete(session.id, postID: post.id, in: restored.runtime)
        #expect(deletion.relayCopiesKept)
        #expect(deletion.warnings == [
            "members no longer see the post, but relays keep their copies of it: only the machine that sent it holds the keys to ask them to drop those copies"
        ])
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: restored.runtime).isEmpty)
    }

    @Test func readMarksOnePostOrTheWholeSessionAndTheSessionIsReadWhenNoneIsLeft() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let first = try await Sessions.post(session, url: "https://example.com/1", note: nil, in: alice.runtime)
        _ = try await Sessions.post(session, url: "https://example.com/2", note: nil, in: alice.runtime)
        _ = try await Sessions.post(session, url: "https://example.com/3", note: nil, in: alice.runtime)
        _ = try await InboxSync.sync(in: bob.runtime)
        let runtime = bob.runtime
        #expect(try await Sessions.summary(of: session, in: runtime).unread)

        #expect(try await Sessions.markRead(session, post: first.id, in: runtime) == 1)
        let unread = try await SessionFeed.posts(session, limit: nil, in: runtime).filter(\.post.unread).map(\.post.id)
        #expect(unread.count == 2 && !unread.contains(first.id))
        #expect(try await Sessions.summary(of: session, in: runtime).unread)

        #expect(try await Sessions.markRead(session, post: nil, in: runtime) == 2)
        #expect(try await SessionFeed.posts(session, limit: nil, in: runtime).allSatisfy { !$0.post.unread })
        #expect(try await Sessions.summary(of: session, in: runtime).unread == false)
        #expect(try await Sessions.markRead(session, post: nil, in: runtime) == 0)
    }

    @Test func aLimitedFeedIsTheNewestPostsOfTheWholeFeedOldestFirst() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        // Posted within a second or two: a limited feed reads pages of limit + 16 posts, whose
        // boundaries fall among posts of the same time.
        for index in 1...40 { _ = try await Sessions.post(session, url: "https://example.com/\(index)", note: nil, in: alice.runtime) }
        let runtime = alice.runtime
        let whole = try await SessionFeed.posts(session, limit: nil, in: runtime)
        #expect(whole.count == 40)
        #expect(whole.map(\.post.createdAt) == whole.map(\.post.createdAt).sorted())
        for limit in [1, 2, 17, 23, 39, 40, 50] {
            #expect(try await SessionFeed.posts(session, limit: limit, in: runtime).map(\.post.id) == whole.suffix(limit).map(\.post.id), "limit \(limit)")
        }
    }

    @Test func theSessionFeedNamesItsPeopleAndPlacesTheMembershipChangesOfItsSpan() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let runtime = alice.runtime
        _ = try await Contacts.addContact(bob.runtime.me, alias: "Bob", in: runtime)
        let carol = SecretKey.generate().publicKey
        _ = try await Sessions.post(session, url: "https://example.com/1", note: nil, in: runtime)
        _ = try await Sessions.changeMembers(session, adding: [carol], removing: [bob.runtime.me], in: runtime)

        let feed = try await SessionFeed.page(session, limit: nil, in: runtime)
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
        let post = try await Sessions.post(session, url: "https://example.com/shared", note: nil, in: alice.runtime)
        let found = try await Sessions.resolvePost(String(post.id.hex.prefix(10)), in: alice.runtime)
        let decoded = try DeepLink.decode(DeepLink(post: found).encoded())
        #expect(decoded.url == "https://example.com/shared")
        #expect(decoded.timestamp == post.createdAt && decoded.messageGUID == post.id.hex && decoded.format == .payload)
    }

    @Test func aPostIsNamedByAPrefixOfAtLeastEightHexCharacters() async throws {
        defer { scratch.remove() }
        let (alice, bob, session) = try await aliceAndBob()
        defer { alice.host.stop(); bob.host.stop() }
        let post = try await Sessions.post(session, url: "https://example.com/a", note: nil, in: alice.runtime)
        #expect(try await Sessions.resolvePost(String(post.id.hex.prefix(8)), in: alice.runtime).id == post.id)
        let short = await #expect(throws: LinkstrError.self) { try await Sessions.resolvePost(String(post.id.hex.prefix(7)), in: alice.runtime) }
        #expect(short?.code == .badInput)
    }
}
