import Foundation
import Testing

/// Saved links between two machines of one account through a real relay: what one saves the other
/// gets, the later of two conflicting edits wins on both, removals travel too.
@Suite("End to end: saved links sync privately between two homes of one account", .timeLimit(.minutes(1)))
struct SavedLinksRelaySyncTests {
    struct RelaySyncReport: Decodable, Equatable {
        var received: Int
        var applied: Int
        var published: Int
    }

    @Test("a save travels; of two conflicting edits the later wins on both machines; an unsave travels")
    func twoHomesConverge() async throws {
        let world = try await TestWorld.start("laptop")
        defer { world.stop() }
        let laptop = world.homes[0]
        let desktop = try laptop.copy(world.scratch, "desktop", relays: [world.relayURL])

        let saved = try laptop.json(SavedLinkRecord.self, ["save", "https://example.com/private-talk", "--tag", "secret-tag", "--note", "n"])
        #expect(try laptop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]) == RelaySyncReport(received: 0, applied: 0, published: 1))
        #expect(try desktop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]) == RelaySyncReport(received: 1, applied: 1, published: 0))
        let copied = try desktop.json([SavedLinkRecord].self, ["saved"])
        #expect(copied == [SavedLinkRecord(id: saved.id, url: saved.url, tags: ["secret-tag"], savedAt: saved.savedAt, note: "n")])

        // Conflicting edits (times have one-second steps): the laptop's first, the desktop's later.
        try await Task.sleep(for: .milliseconds(1_100))
        _ = try laptop.json(SavedLinkRecord.self, ["tag", saved.url, "--add", "laptop"])
        try await Task.sleep(for: .milliseconds(1_100))
        _ = try desktop.json(SavedLinkRecord.self, ["tag", saved.url, "--add", "desktop", "--remove", "secret-tag"])
        #expect(try laptop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]).published == 1)
        #expect(try desktop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]) == RelaySyncReport(received: 1, applied: 0, published: 1))
        #expect(try laptop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]).applied == 1)
        for home in [laptop, desktop] {
            #expect(try home.json([SavedLinkRecord].self, ["saved"]).map(\.tags) == [["desktop"]])
        }

        try await Task.sleep(for: .milliseconds(1_100))
        _ = try laptop.json(SavedLinkRecord.self, ["unsave", saved.url])
        _ = try laptop.json(RelaySyncReport.self, ["saved", "sync", "--relays"])
        #expect(try desktop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]).applied == 1)
        #expect(try desktop.json([SavedLinkRecord].self, ["saved"]).isEmpty)
        #expect(try desktop.json([SavedLinkRecord].self, ["saved", "--deleted"]).map(\.id) == [saved.id])
    }

    @Test("through a relay that takes 60 events a minute per connection, 75 saved links are published at its pace in one run")
    func aRateLimitingRelayGetsEveryLinkInOneRun() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch, ["--notes-per-minute", "60"])
        let laptop = try LinkstrHome.create(scratch, "laptop", relays: [relay.url])
        let links = (0..<75).map { "<DT><A HREF=\"https://example.com/\($0)\" ADD_DATE=\"1700000000\">Link \($0)</A>" }
        let file = scratch.write("bookmarks.html", "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n" + links.joined(separator: "\n") + "\n</DL><p>\n")
        #expect(try laptop.run(["saved", "import", file]).status == 0)

        let sync = try laptop.run(["saved", "sync", "--relays", "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let report = try JSONDecoder().decode([String: Int].self, from: Data(sync.stdout.utf8))
        #expect(report == ["received": 0, "applied": 0, "published": 75, "pending": 0])
        let desktop = try laptop.copy(scratch, "desktop", relays: [relay.url])
        #expect(try desktop.json(RelaySyncReport.self, ["saved", "sync", "--relays"]) == RelaySyncReport(received: 75, applied: 75, published: 0))
    }
}
