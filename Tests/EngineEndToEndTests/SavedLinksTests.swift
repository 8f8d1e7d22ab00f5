import Foundation
import Testing

/// Saved links through the built executable (SQLite storage): save, dedupe, list, tag, unsave,
/// restore, tags; two processes saving at once; saving a post and posting a saved link.
@Suite("End to end: saved links with tags", .timeLimit(.minutes(1)))
struct SavedLinksTests {
    @Test("save, save again (same id and time, tags united), list, tag, unsave, restore and tags")
    func saveListEditAndRemove() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        let first = try alice.json(SavedLinkRecord.self, ["save", "example.com/read", "--tag", "Reading", "--note", "long"])
        #expect(first.url == "https://example.com/read" && first.tags == ["reading"] && first.alreadySaved == false && first.note == "long")
        #expect(ISO8601DateFormatter().date(from: first.savedAt) != nil, "\(first.savedAt)")

        let again = try alice.run(["save", "https://example.com/read", "--tag", "later", "--tag", "reading"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "Already saved with tags: reading\ntags now: later, reading\n")
        let third = try alice.json(SavedLinkRecord.self, ["save", "https://example.com/read", "--tag", "swift"])
        #expect(third.alreadySaved == true && third.id == first.id && third.savedAt == first.savedAt)
        #expect(third.tags == ["later", "reading", "swift"])

        _ = try alice.json(SavedLinkRecord.self, ["save", "https://github.com/apple/swift", "--tag", "swift", "--tag", "code"])
        let listed = try alice.json([SavedLinkRecord].self, ["saved"])
        #expect(Set(listed.map(\.url)) == ["https://example.com/read", "https://github.com/apple/swift"])
        #expect(try alice.json([SavedLinkRecord].self, ["saved", "--tag", "code"]).map(\.url) == ["https://github.com/apple/swift"])
        #expect(try alice.json([SavedLinkRecord].self, ["saved", "--search", "READ"]).map(\.url) == ["https://example.com/read"])

        let tagged = try alice.json(SavedLinkRecord.self, ["tag", "https://example.com/read", "--add", "keep", "--remove", "later"])
        #expect(tagged.tags == ["keep", "reading", "swift"])
        let tags = try alice.json([TagScoreRecord].self, ["tags"])
        #expect(tags.first == TagScoreRecord(name: "swift", count: 2, score: 20))
        #expect(Set(tags.map(\.name)) == ["code", "keep", "reading", "swift"])
        // For another github.com link (www. or not), code doubles.
        let forGitHub = try alice.json([TagScoreRecord].self, ["tags", "--for", "https://www.github.com/swiftlang/swift"])
        #expect(forGitHub.prefix(2).map(\.name) == ["swift", "code"] && forGitHub.first { $0.name == "code" }?.score == 20)
        #expect(try alice.json([TagScoreRecord].self, ["tags", "--for", "https://notgithub.com/x"]).first { $0.name == "code" }?.score == 10)

        let removed = try alice.json(SavedLinkRecord.self, ["unsave", "https://example.com/read"])
        #expect(removed.deletedAt != nil)
        #expect(try alice.json([SavedLinkRecord].self, ["saved"]).map(\.url) == ["https://github.com/apple/swift"])
        #expect(try alice.json([SavedLinkRecord].self, ["saved", "--deleted"]).map(\.id) == [first.id])
        let restored = try alice.json(SavedLinkRecord.self, ["restore", "https://example.com/read"])
        #expect(restored.deletedAt == nil && restored.tags == ["keep", "reading", "swift"])
        #expect(try alice.json([SavedLinkRecord].self, ["saved", "--deleted"]).isEmpty)
    }

    @Test("bad input: no link, an empty tag, an unknown link, tag without changes: exit 2 with a sentence")
    func badInputIsRefused() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        let word = try alice.run(["save", "hello"])
        #expect(word.status == 2 && word.stderr.hasPrefix("linkstr: 'hello' is not a link"), "\(word.stderr)")
        let empty = try alice.run(["save", "https://example.com", "--tag", " "])
        #expect(empty.status == 2 && empty.stderr == "linkstr: a tag cannot be empty; give a word such as --tag reading\n")
        let unknown = try alice.run(["unsave", "https://example.com/none"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "linkstr: https://example.com/none is not saved; save it with `linkstr save https://example.com/none`\n")
        #expect(try alice.run(["tag", "https://example.com"]).status == 2)
        #expect(try alice.json([SavedLinkRecord].self, ["saved"]).isEmpty)
    }

    @Test("two processes saving the same link at once, each with its own tags, lose no tag")
    func concurrentSavesLoseNoTag() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        let tags = (1...8).map { "t\($0)" }
        let results = try await withThrowingTaskGroup(of: ProcessRunner.Result.self) { group in
            for tag in tags {
                group.addTask { try alice.run(["save", "https://example.com/shared", "--tag", tag, "--json"]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let stored = try alice.json([SavedLinkRecord].self, ["saved"])
        #expect(stored.count == 1)
        #expect(stored.first?.tags == tags.sorted())
    }

    @Test("save --from-post keeps who shared it; post --saved shares a saved link; deleting the post keeps the copy")
    func fromAPostAndIntoASession() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        let session = try alice.json(SessionMembers.self, ["session", "create", "Links", "--member", bob.npub]).id
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/talk", "--note", "watch this"])
        _ = try bob.sync()
        let saved = try bob.json(SavedLinkRecord.self, ["save", "--from-post", String(post.id.prefix(10)), "--tag", "later"])
        #expect(saved.url == "https://example.com/talk" && saved.sharedBy == alice.pubkey && saved.session == session)
        #expect(saved.note == "watch this")

        #expect(try alice.json(DeletedPost.self, ["delete", session, post.id]).ok)
        _ = try bob.sync()
        #expect(try bob.feed(session).isEmpty)
        #expect(try bob.json([SavedLinkRecord].self, ["saved"]) == [SavedLinkRecord(
            id: saved.id, url: saved.url, tags: ["later"], savedAt: saved.savedAt, note: "watch this", sharedBy: alice.pubkey, session: session)])

        let shared = try bob.json(SentPost.self, ["post", session, "--saved", "example.com/talk"])
        #expect(shared.url == "https://example.com/talk" && shared.note == "watch this")
        _ = try alice.sync()
        #expect(try alice.feed(session).map(\.url) == ["https://example.com/talk"])
        let neither = try bob.run(["post", session])
        #expect(neither.status == 2 && neither.stderr.contains("give either a URL or --saved URL"), "\(neither.stderr)")
    }

    @Test("a linkstr://save link with --json saves in one step; without a way to confirm it saves nothing; one without url is refused")
    func aSaveLinkSavesInOneStep() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        let saved = try alice.json(SavedLinkRecord.self, ["open", "linkstr://save?url=https%3A%2F%2Fexample.com%2Fpage&tag=read&tag=Later"])
        #expect(saved.url == "https://example.com/page" && saved.tags == ["later", "read"] && saved.alreadySaved == false)
        // --quiet asks with a notification (SaveFeedbackTests); with no notification server, nothing is saved.
        let again = try alice.run(["open", "linkstr://save?url=https%3A%2F%2Fexample.com%2Fpage&tag=more", "--quiet"])
        #expect(again.status == 1 && again.stdout.isEmpty && again.stderr.contains("allow it in a desktop notification"), "\(again.stderr)")
        #expect(try alice.json([SavedLinkRecord].self, ["saved"]).map(\.tags) == [["later", "read"]])
        let missing = try alice.run(["open", "linkstr://save?tag=a"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("linkstr: the save link has no url"), "\(missing.stderr)")
    }
}
