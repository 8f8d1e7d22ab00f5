import Foundation
import LinkstrRuntime
import Testing

/// Bookmark files: a file Firefox exported is read (links, times, tags, titles, notes, folders;
/// non-web entries left out); the export of saved links imports into another home unchanged, in
/// either format.
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
        // The folder is kept; the browser's toolbar folder is not the user's.
        #expect(entries.map(\.folder) == ["Mozilla Firefox", "Mozilla Firefox", nil, nil, nil, nil])
    }

    /// A Chrome user has folders and no tags: each link's folder path becomes a tag, and an export
    /// puts each link back in the folder its first tag names, so a round trip keeps them.
    @Test("folders are read as a path tag (dev/tools) and written back as folders; a future ADD_DATE is now")
    func foldersBecomeTagsAndTagsFolders() throws {
        defer { scratch.remove() }
        let future = Int64(Date().timeIntervalSince1970) + 10 * 86_400
        let chrome = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
                <DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
                <DL><p>
                    <DT><H3 ADD_DATE="1700000000">Dev</H3>
                    <DL><p>
                        <DT><H3 ADD_DATE="1700000000">Tools</H3>
                        <DL><p>
                            <DT><A HREF="https://example.com/tool" ADD_DATE="1700000100">A tool</A>
                        </DL><p>
                        <DT><A HREF="https://example.com/dev" ADD_DATE="\(future)">Dev home</A>
                    </DL><p>
                    <DT><A HREF="https://example.com/top" ADD_DATE="1700000300">Top</A>
                </DL><p>
            </DL><p>
            """
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        #expect(try alice.run(["saved", "import", scratch.write("chrome.html", chrome), "--json"]).stdout == "{\"imported\":3,\"merged\":0,\"skipped\":0}\n")
        let links = try Self.records(alice.run(["saved", "--json"]).stdout)
        let tags = Dictionary(uniqueKeysWithValues: links.map { ($0["url"] as! String, $0["tags"] as! [String]) })
        #expect(tags == ["https://example.com/tool": ["dev/tools"], "https://example.com/dev": ["dev"], "https://example.com/top": []])
        let dev = try #require(links.first { $0["url"] as? String == "https://example.com/dev" })
        let savedAt = try #require(ISOTime.seconds(dev["saved_at"] as? String ?? ""))
        #expect(savedAt < future - 86_400)

        let exported = try alice.run(["saved", "export"]).stdout
        #expect(exported.contains("    <DT><H3>dev</H3>\n    <DL><p>\n        <DT><A HREF=\"https://example.com/dev\""), "\(exported)")
        #expect(exported.contains("        <DT><H3>tools</H3>\n        <DL><p>\n            <DT><A HREF=\"https://example.com/tool\""), "\(exported)")
        // What a browser keeps of it (the folders, no TAGS) comes back with the same tags.
        let bob = try LinkstrHome.create(scratch, "bob", relays: [])
        let withoutTags = exported.replacingOccurrences(of: #" TAGS="[^"]*""#, with: "", options: .regularExpression)
        #expect(try bob.run(["saved", "import", scratch.write("browser.html", withoutTags)]).status == 0)
        let bobs = try Self.records(bob.run(["saved", "--json"]).stdout)
        #expect(Dictionary(uniqueKeysWithValues: bobs.map { ($0["url"] as! String, $0["tags"] as! [String]) }) == tags)
    }

    @Test("the JSON export imports into another home with every field: id, tags, time, note, title, who shared it and where")
    func theJSONExportImportsLosslessly() throws {
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        _ = try alice.run(["save", "https://example.com/a", "--tag", "one", "--tag", "two words", "--note", "a note"])
        _ = try alice.run(["save", "https://example.com/b"])
        var records = try Self.records(alice.run(["saved", "export", "--format", "json"]).stdout)
        #expect(records.count == 2)
        // As a link saved from a post carries them.
        records[0]["shared_by"] = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
        records[0]["session"] = "SESSION1"
        records[0]["title"] = "A title"
        let file = scratch.file("saved.json")
        try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: file))

        let bob = try LinkstrHome.create(scratch, "bob", relays: [])
        let imported = try bob.run(["saved", "import", file, "--json"])
        #expect(imported.stdout == "{\"imported\":2,\"merged\":0,\"skipped\":0}\n", "\(imported.stderr)")
        let again = try Self.records(bob.run(["saved", "export", "--format", "json"]).stdout)
        func byURL(_ records: [[String: Any]]) -> [String: NSDictionary] {
            Dictionary(uniqueKeysWithValues: records.map { ($0["url"] as! String, $0 as NSDictionary) })
        }
        #expect(byURL(again) == byURL(records), "\(again)\n\(records)")
    }

    static func records(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
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
