import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore
import PluginTesting
import Synchronization
import Testing

/// Saved links through the runtime (memory storage, a FakeRelay, a clock the test moves): dedupe,
/// tags, soft delete, frecency over stored tags, saving from a post and posting a saved link.
@Suite(.timeLimit(.minutes(1))) struct SavedLinksRuntimeTests {
    let relay = FakeRelay()
    let scratch = TestScratch()
    let clock = TestClock(1_800_000_000)

    func runtime(_ key: SecretKey = .generate()) throws -> AccountRuntime {
        let host = try relay.makeHost(home: scratch.folder(UUID().uuidString))
        let clock = self.clock
        return try AccountRuntime(host: host, backend: host.openStorage(), secretKey: key, clock: { clock.now })
    }

    @Test func aSecondSaveKeepsIdAndTimeAndUnionsTags() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let first = try await SavedLinks.save("example.com/article", tags: ["Reading", "later"], note: "long read", in: alice)
        #expect(!first.alreadySaved)
        #expect(first.link.url == "https://example.com/article")
        #expect(first.link.tags == ["later", "reading"])
        clock.advance(3_600)
        let second = try await SavedLinks.save("https://example.com/article", tags: ["swift", "reading"], note: nil, in: alice)
        #expect(second.alreadySaved)
        #expect(second.previousTags == ["later", "reading"])
        #expect(second.link.id == first.link.id)
        #expect(second.link.savedAt == first.link.savedAt)
        #expect(second.link.tags == ["later", "reading", "swift"])
        #expect(second.link.note == "long read")
        let stored = try await SavedLinks.savedLinks(in: alice)
        #expect(stored.count == 1)
        #expect(stored.first?.id == first.link.id && stored.first?.tags == ["later", "reading", "swift"])
    }

    @Test func listsNewestFirstAndFiltersByTagsAndText() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await SavedLinks.save("https://swift.org", tags: ["swift", "language"], note: nil, in: alice)
        clock.advance(60)
        _ = try await SavedLinks.save("https://example.com/talk", tags: ["video"], note: "the concurrency talk", in: alice)
        clock.advance(60)
        _ = try await SavedLinks.save("https://github.com/apple/swift", tags: ["swift", "code"], note: nil, in: alice)
        #expect(try await SavedLinks.savedLinks(in: alice).map(\.url) == ["https://github.com/apple/swift", "https://example.com/talk", "https://swift.org"])
        #expect(try await SavedLinks.savedLinks(SavedLinkFilter(tags: ["Swift"]), in: alice).map(\.url) == ["https://github.com/apple/swift", "https://swift.org"])
        #expect(try await SavedLinks.savedLinks(SavedLinkFilter(tags: ["swift", "code"]), in: alice).map(\.url) == ["https://github.com/apple/swift"])
        #expect(try await SavedLinks.savedLinks(SavedLinkFilter(search: "CONCURRENCY"), in: alice).map(\.url) == ["https://example.com/talk"])
        #expect(try await SavedLinks.savedLinks(SavedLinkFilter(search: "languag"), in: alice).map(\.url) == ["https://swift.org"])
    }

    @Test func unsaveIsSoftAndRestoreBringsTheLinkBackWithItsTags() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let saved = try await SavedLinks.save("https://example.com/a", tags: ["keep"], note: nil, in: alice).link
        clock.advance(10)
        let removed = try await SavedLinks.unsave("https://example.com/a", in: alice)
        #expect(removed.deletedAt == clock.now)
        #expect(try await SavedLinks.savedLinks(in: alice).isEmpty)
        #expect(try await SavedLinks.savedLinks(SavedLinkFilter(deleted: true), in: alice).map(\.id) == [saved.id])
        // A removed link's tags are no suggestions.
        #expect(try await SavedLinks.tagScores(in: alice).isEmpty)
        let restored = try await SavedLinks.restore("https://example.com/a", in: alice)
        #expect(restored.deletedAt == nil && restored.tags == ["keep"] && restored.id == saved.id)
        #expect(try await SavedLinks.savedLinks(in: alice).map(\.id) == [saved.id])
        #expect(try await SavedLinks.savedLinks(SavedLinkFilter(deleted: true), in: alice).isEmpty)
        await #expect(throws: LinkstrError.self) { try await SavedLinks.unsave("https://example.com/never-saved", in: alice) }
    }

    @Test func tagEditsAddAndRemove() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await SavedLinks.save("https://example.com/a", tags: ["one", "two"], note: nil, in: alice)
        let edited = try await SavedLinks.retag("https://example.com/a", adding: ["Three"], removing: ["one"], in: alice)
        #expect(edited.tags == ["three", "two"])
        #expect(try await SavedLinks.savedLink("example.com/a", in: alice).tags == ["three", "two"])
    }

    @Test func tagScoresUseStoredTagsTheClockAndTheDomain() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await SavedLinks.save("https://www.github.com/apple/swift", tags: ["code"], note: nil, in: alice)
        _ = try await SavedLinks.save("https://gist.github.com/x", tags: ["gists"], note: nil, in: alice)
        clock.advance(7 * 86_400)
        _ = try await SavedLinks.save("https://example.com/a", tags: ["reading"], note: nil, in: alice)
        _ = try await SavedLinks.save("https://example.com/b", tags: ["reading"], note: nil, in: alice)
        let plain = try await SavedLinks.tagScores(in: alice)
        #expect(plain.map(\.name) == ["reading", "code", "gists"])
        #expect(plain.map(\.count) == [2, 1, 1])
        #expect(plain.map(\.score) == [20, 5, 5])
        let forGitHub = try await SavedLinks.tagScores(for: "github.com/swiftlang/swift", in: alice)
        #expect(forGitHub.map(\.name) == ["reading", "code", "gists"])
        #expect(forGitHub.map(\.score) == [20, 10, 5])
    }

    @Test func aPostIsSavedWithItsSharerAndReactionsReadsAndDeletesLeaveTheCopy() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let session = try await Sessions.createSession(name: "Links", members: [bob.me], in: alice)
        let post = try await Sessions.post(session.id, url: "https://example.com/talk", note: "watch this", in: alice)
        _ = try await InboxSync.sync(in: bob)
        let outcome = try await SavedLinks.save(fromPost: String(post.id.hex.prefix(12)), tags: ["later"], note: nil, in: bob)
        #expect(outcome.link.url == "https://example.com/talk")
        #expect(outcome.link.sharedBy == alice.me && outcome.link.sharedIn == session.id)
        #expect(outcome.link.note == "watch this")
        let before = try await SavedLinks.savedLinks(in: bob)

        _ = try await Sessions.react(session.id, postID: post.id, emoji: "👍", active: true, in: bob)
        _ = try await Sessions.markRead(session.id, post: nil, in: bob)
        _ = try await Sessions.delete(session.id, postID: post.id, in: alice)
        _ = try await InboxSync.sync(in: bob)
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: bob).isEmpty)
        #expect(try await SavedLinks.savedLinks(in: bob) == before)
    }

    @Test func aSavedLinkIsPostedWithItsNote() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let session = try await Sessions.createSession(name: "Solo", members: [], in: alice)
        _ = try await SavedLinks.save("https://swift.org/blog", tags: ["swift"], note: "the blog", in: alice)
        let posted = try await SavedLinks.postSaved(session.id, url: "swift.org/blog", note: nil, in: alice)
        #expect(posted.url == "https://swift.org/blog" && posted.note == "the blog")
        #expect(try await SessionFeed.posts(session.id, limit: nil, in: alice).map(\.post.url) == ["https://swift.org/blog"])
        await #expect(throws: LinkstrError.self) { try await SavedLinks.postSaved(session.id, url: "https://not.saved.example", note: nil, in: alice) }
    }

    @Test func savedLinksAreSealedAtRest() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await SavedLinks.save("https://secret.example/path", tags: ["private-tag"], note: "private note", in: alice)
        for collection in ["saved", "saved-tag"] {
            let records = try alice.backend.query(StorageQuery(owner: alice.me.rawBytes, collection: collection))
            #expect(!records.isEmpty)
            for record in records {
                let bytes = record.key + record.parent + record.value
                for secret in ["secret.example", "private-tag", "private note"] {
                    #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(collection) shows \(secret)")
                }
            }
        }
    }

    @Test func theRelaySeesOneOpaqueEventPerLinkAndASecondMachineReadsIt() async throws {
        defer { scratch.remove() }
        let key = SecretKey.generate()
        let laptop = try runtime(key)
        let desktop = try runtime(key)
        _ = try await SavedLinks.save("https://secret.example/talk", tags: ["private-tag"], note: "private note", in: laptop)
        #expect(try await SavedLinks.syncSavedLinksWithRelays(in: laptop).published == 1)
        let events = relay.storedEvents(matching: Filter(authors: [laptop.me], kinds: [SavedLinks.savedLinkEventKind]))
        #expect(events.count == 1)
        for event in events {
            let visible = event.content + event.tags.flatMap { $0 }.joined()
            for secret in ["secret.example", "private-tag", "private note"] { #expect(!visible.contains(secret)) }
        }
        #expect(try await SavedLinks.syncSavedLinksWithRelays(in: desktop).applied == 1)
        #expect(try await SavedLinks.savedLinks(in: desktop).map(\.tags) == [["private-tag"]])
        // Nothing changed since: nothing to take, nothing to publish.
        #expect(try await SavedLinks.syncSavedLinksWithRelays(in: laptop) == PrivateSyncReport(received: 1, applied: 0, published: 0))
    }
}
