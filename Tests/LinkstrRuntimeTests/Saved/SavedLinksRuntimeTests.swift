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
        let first = try await alice.save("example.com/article", tags: ["Reading", "later"], note: "long read")
        #expect(!first.alreadySaved)
        #expect(first.link.url == "https://example.com/article")
        #expect(first.link.tags == ["later", "reading"])
        clock.advance(3_600)
        let second = try await alice.save("https://example.com/article", tags: ["swift", "reading"], note: nil)
        #expect(second.alreadySaved)
        #expect(second.previousTags == ["later", "reading"])
        #expect(second.link.id == first.link.id)
        #expect(second.link.savedAt == first.link.savedAt)
        #expect(second.link.tags == ["later", "reading", "swift"])
        #expect(second.link.note == "long read")
        let stored = try await alice.savedLinks()
        #expect(stored.count == 1)
        #expect(stored.first?.id == first.link.id && stored.first?.tags == ["later", "reading", "swift"])
    }

    @Test func listsNewestFirstAndFiltersByTagsAndText() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await alice.save("https://swift.org", tags: ["swift", "language"], note: nil)
        clock.advance(60)
        _ = try await alice.save("https://example.com/talk", tags: ["video"], note: "the concurrency talk")
        clock.advance(60)
        _ = try await alice.save("https://github.com/apple/swift", tags: ["swift", "code"], note: nil)
        #expect(try await alice.savedLinks().map(\.url) == ["https://github.com/apple/swift", "https://example.com/talk", "https://swift.org"])
        #expect(try await alice.savedLinks(SavedLinkFilter(tags: ["Swift"])).map(\.url) == ["https://github.com/apple/swift", "https://swift.org"])
        #expect(try await alice.savedLinks(SavedLinkFilter(tags: ["swift", "code"])).map(\.url) == ["https://github.com/apple/swift"])
        #expect(try await alice.savedLinks(SavedLinkFilter(search: "CONCURRENCY")).map(\.url) == ["https://example.com/talk"])
        #expect(try await alice.savedLinks(SavedLinkFilter(search: "languag")).map(\.url) == ["https://swift.org"])
    }

    @Test func unsaveIsSoftAndRestoreBringsTheLinkBackWithItsTags() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let saved = try await alice.save("https://example.com/a", tags: ["keep"], note: nil).link
        clock.advance(10)
        let removed = try await alice.unsave("https://example.com/a")
        #expect(removed.deletedAt == clock.now)
        #expect(try await alice.savedLinks().isEmpty)
        #expect(try await alice.savedLinks(SavedLinkFilter(deleted: true)).map(\.id) == [saved.id])
        // A removed link's tags are no suggestions.
        #expect(try await alice.tagScores().isEmpty)
        let restored = try await alice.restore("https://example.com/a")
        #expect(restored.deletedAt == nil && restored.tags == ["keep"] && restored.id == saved.id)
        #expect(try await alice.savedLinks().map(\.id) == [saved.id])
        #expect(try await alice.savedLinks(SavedLinkFilter(deleted: true)).isEmpty)
        await #expect(throws: LinkstrError.self) { try await alice.unsave("https://example.com/never-saved") }
    }

    @Test func tagEditsAddAndRemove() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await alice.save("https://example.com/a", tags: ["one", "two"], note: nil)
        let edited = try await alice.retag("https://example.com/a", adding: ["Three"], removing: ["one"])
        #expect(edited.tags == ["three", "two"])
        #expect(try await alice.savedLink("example.com/a").tags == ["three", "two"])
    }

    @Test func tagScoresUseStoredTagsTheClockAndTheDomain() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await alice.save("https://www.github.com/apple/swift", tags: ["code"], note: nil)
        _ = try await alice.save("https://gist.github.com/x", tags: ["gists"], note: nil)
        clock.advance(7 * 86_400)
        _ = try await alice.save("https://example.com/a", tags: ["reading"], note: nil)
        _ = try await alice.save("https://example.com/b", tags: ["reading"], note: nil)
        let plain = try await alice.tagScores()
        #expect(plain.map(\.name) == ["reading", "code", "gists"])
        #expect(plain.map(\.count) == [2, 1, 1])
        #expect(plain.map(\.score) == [20, 5, 5])
        let forGitHub = try await alice.tagScores(for: "github.com/swiftlang/swift")
        #expect(forGitHub.map(\.name) == ["reading", "code", "gists"])
        #expect(forGitHub.map(\.score) == [20, 10, 5])
    }

    @Test func aPostIsSavedWithItsSharerAndReactionsReadsAndDeletesLeaveTheCopy() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let bob = try runtime()
        let session = try await alice.createSession(name: "Links", members: [bob.me])
        let post = try await alice.post(session.id, url: "https://example.com/talk", note: "watch this")
        _ = try await bob.sync()
        let outcome = try await bob.save(fromPost: String(post.id.hex.prefix(12)), tags: ["later"], note: nil)
        #expect(outcome.link.url == "https://example.com/talk")
        #expect(outcome.link.sharedBy == alice.me && outcome.link.sharedIn == session.id)
        #expect(outcome.link.note == "watch this")
        let before = try await bob.savedLinks()

        _ = try await bob.react(session.id, postID: post.id, emoji: "👍", active: true)
        _ = try await bob.markRead(session.id, post: nil)
        _ = try await alice.delete(session.id, postID: post.id)
        _ = try await bob.sync()
        #expect(try await bob.feed(session.id, limit: nil).isEmpty)
        #expect(try await bob.savedLinks() == before)
    }

    @Test func aSavedLinkIsPostedWithItsNote() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        let session = try await alice.createSession(name: "Solo", members: [])
        _ = try await alice.save("https://swift.org/blog", tags: ["swift"], note: "the blog")
        let posted = try await alice.postSaved(session.id, url: "swift.org/blog", note: nil)
        #expect(posted.url == "https://swift.org/blog" && posted.note == "the blog")
        #expect(try await alice.feed(session.id, limit: nil).map(\.post.url) == ["https://swift.org/blog"])
        await #expect(throws: LinkstrError.self) { try await alice.postSaved(session.id, url: "https://not.saved.example", note: nil) }
    }

    @Test func savedLinksAreSealedAtRest() async throws {
        defer { scratch.remove() }
        let alice = try runtime()
        _ = try await alice.save("https://secret.example/path", tags: ["private-tag"], note: "private note")
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
        _ = try await laptop.save("https://secret.example/talk", tags: ["private-tag"], note: "private note")
        #expect(try await laptop.syncSavedLinksWithRelays().published == 1)
        let events = relay.storedEvents(matching: Filter(authors: [laptop.me], kinds: [AccountRuntime.savedLinkEventKind]))
        #expect(events.count == 1)
        for event in events {
            let visible = event.content + event.tags.flatMap { $0 }.joined()
            for secret in ["secret.example", "private-tag", "private note"] { #expect(!visible.contains(secret)) }
        }
        #expect(try await desktop.syncSavedLinksWithRelays().applied == 1)
        #expect(try await desktop.savedLinks().map(\.tags) == [["private-tag"]])
        // Nothing changed since: nothing to take, nothing to publish.
        #expect(try await laptop.syncSavedLinksWithRelays() == PrivateSyncReport(received: 1, applied: 0, published: 0))
    }
}
