import Foundation
import LinkstrRuntime
import Testing

/// Bookmark files: a file Firefox exported is read (links, times, tags, titles, notes; folders and
/// non-web entries left out); the export of saved links imports into another home unchanged.
@Suite(.timeLimit(.minutes(1))) struct NetscapeBookmarksTests {
    static let fixtures = String(#filePath.dropLast("Saved/NetscapeBookmarksTests.swift".count)) + "Fixtures/bookmarks"
    let scratch = TestScratch()

    @Test func aFirefoxExportIsRead() throws {
        let html = try String(contentsOfFile: Self.fixtures + "/firefox-bookmarks.html", encoding: .utf8)
        let entries = NetscapeBookmarks.parse(html)
        #expect(entries.map(\.url) == [
            "https://support.mozilla.org/products/firefox", "https://www.mozilla.org/about/", "place:parent=toolbar_____&sort=12",
            "https://swift.org/documentation/", "https://github.com/apple/swift", "javascript:(function(){alert('bookmarklet')})()",
        ])
        let swift = entries[3]
        #expect(swift.title == "Swift & its \"documentation\"")
        #expect(swift.tags == ["swift", "docs"])
        #expect(swift.note == "The language guide & the API reference")
        #expect(swift.addedAt == 1_710_000_000)
        #expect(entries[0].tags.isEmpty && entries[0].note == nil && entries[0].title == "Get Help")
    }

    @Test func importSavesTheWebLinksWithTheirTimesAndMergesKnownOnes() throws {
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        _ = try alice.run(["save", "https://github.com/apple/swift", "--tag", "mine"])
        let imported = try alice.run(["saved", "import", Self.fixtures + "/firefox-bookmarks.html", "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "{\"imported\":3,\"merged\":1,\"skipped\":2}\n")
        let listed = try alice.run(["saved", "--json"])
        let links = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let byURL = Dictionary(uniqueKeysWithValues: links.map { ($0["url"] as! String, $0) })
        #expect(Set(byURL.keys) == [
            "https://support.mozilla.org/products/firefox", "https://www.mozilla.org/about/", "https://swift.org/documentation/",
            "https://github.com/apple/swift",
        ])
        let swift = try #require(byURL["https://swift.org/documentation/"])
        #expect(swift["tags"] as? [String] == ["docs", "swift"])
        #expect(swift["saved_at"] as? String == "2024-03-09T16:00:00Z")
        #expect(swift["title"] as? String == "Swift & its \"documentation\"")
        #expect(swift["note"] as? String == "The language guide & the API reference")
        #expect(byURL["https://github.com/apple/swift"]?["tags"] as? [String] == ["code", "mine", "swift"])
        let missing = try alice.run(["saved", "import", scratch.file("none.html")])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("linkstr: cannot read"), "\(missing.stderr)")
    }

    @Test func anExportImportsIntoAnotherHomeUnchanged() throws {
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        _ = try alice.run(["save", "https://example.com/a?q=1&r=<2>", "--tag", "one", "--tag", "two words", "--note", "a \"quoted\" note & more"])
        _ = try alice.run(["save", "https://example.com/b", "--tag", "one"])
        let exported = try alice.run(["saved", "export", "--format", "netscape"])
        #expect(exported.status == 0 && exported.stdout.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
        let file = scratch.write("exported.html", exported.stdout)

        let bob = try LinkstrHome.create(scratch, "bob", relays: [])
        #expect(try bob.run(["saved", "import", file, "--json"]).stdout == "{\"imported\":2,\"merged\":0,\"skipped\":0}\n")
        func comparable(_ home: LinkstrHome) throws -> [[String]] {
            let listed = try home.run(["saved", "export", "--format", "json"])
            let links = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            return links.map { [$0["url"] as! String, ($0["tags"] as! [String]).joined(separator: ","), $0["saved_at"] as! String, $0["note"] as? String ?? ""] }.sorted { $0[0] < $1[0] }
        }
        #expect(try comparable(bob) == comparable(alice))
        #expect(try comparable(alice).first?.last == "a \"quoted\" note & more")
    }
}
