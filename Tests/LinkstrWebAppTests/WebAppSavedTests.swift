import Foundation
import LinkstrWebApp
import PluginTesting
import TestSupport
import Testing

/// The Saved screens in headless Chromium, for a home on a real relay with links saved by the
/// command line: a save done with the keyboard only, its tag suggestions in the order `linkstr tags
/// --for` gives (the site's tags first); an already saved link showing its tags and merging new ones
/// with `linkstr save`'s words; search, the tag filter, edit tags, remove and restore; "Save link" of
/// a post (not "Save for offline") and the way back to it; import of a bookmarks.html and of a JSON
/// export with `saved import`'s counts; export equal to `saved export`; the webhook's failure and
/// next attempt after "Sync now", and the sync through the relay; plain fields with JavaScript off;
/// no serious or critical axe-core violation. The command line sees what the app did.
@Suite(.timeLimit(.minutes(4))) struct WebAppSavedTests {
    @Test(.needsChromium)
    func savedLinksScreens() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        #expect(try alice.run(["save", "https://github.com/apple/swift", "--tag", "swift", "--note", "the compiler"]).status == 0)
        // A second later, so that the list's order (newest first) is the order of the saves.
        try await Task.sleep(for: .milliseconds(1100))
        #expect(try alice.run(["save", "https://example.com/article", "--tag", "reading"]).status == 0)
        let session = try alice.createSession("Weekend videos")
        #expect(try alice.run(["post", session, "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "--note", "the classic"]).status == 0)
        let tags = try alice.run(["tags", "--for", "https://www.github.com/swiftlang/swift-format", "--json"])
        let ranked = ((try? JSONSerialization.jsonObject(with: Data(tags.stdout.utf8))) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        // A webhook that refuses every connection (nothing listens on port 9): its failures and next attempt show.
        let config = (try? String(contentsOfFile: alice.path + "/config.toml", encoding: .utf8)) ?? ""
        world.scratch.write("alice/config.toml", config + "\n[saved]\nwebhook = \"http://127.0.0.1:9/hook?token=kept-out-of-the-page\"\n")

        let bookmarks = world.scratch.write(
            "bookmarks.html",
            """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><A HREF="https://github.com/apple/swift" ADD_DATE="1700000000" TAGS="code">Swift</A>
            <DT><A HREF="https://kagi.com/" ADD_DATE="1700000100">Kagi</A>
            <DT><A HREF="javascript:alert(1)">a bookmarklet</A>
            </DL><p>
            """)
        #expect(try bob.run(["save", "https://swift.org/documentation", "--tag", "docs"]).status == 0)
        #expect(try bob.run(["save", "https://forums.swift.org", "--tag", "forums"]).status == 0)
        let export = try bob.run(["saved", "export", "--format", "json"])
        let exported = world.scratch.write("export.json", export.stdout)

        let app = try await world.app(alice)
        let seen = try world.drive(
            "webapp_saved.py",
            ["--app", app.url, "--session", session, "--bookmarks", bookmarks, "--export", exported], timeout: 220)
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["listed_first"] as? [String] == ["https://example.com/article", "https://github.com/apple/swift"], "not newest first: \(context)")
        // The keyboard-only save, with the runtime's ranking (exact host without www. counts twice).
        #expect(ranked == ["swift", "reading"], "\(ranked)")
        #expect(seen["github_suggestions"] as? [String] == ranked, "the app's suggestions are not `tags --for`'s: \(context)")
        #expect(seen["listbox_shown"] as? Bool == true && seen["listbox"] as? [String] == ["reading"], "\(context)")
        #expect(seen["picked"] as? String == "reading, ", "\(context)")
        let keyboardSaved = seen["keyboard_saved"] as? String ?? ""
        #expect(keyboardSaved.hasPrefix("saved https://") && keyboardSaved.hasSuffix("swift-format [dev tools, reading, swift]"), "\(context)")
        // Saving again: `linkstr save`'s words.
        #expect(seen["already_status"] as? String == "Already saved with tags: swift", "\(context)")
        #expect(seen["already_button"] as? String == "Update tags", "\(context)")
        #expect(seen["merged_notice"] as? String == "Already saved with tags: swift\ntags now: later, swift", "\(context)")
        #expect(seen["search_compiler"] as? [String] == ["https://github.com/apple/swift"], "\(context)")
        #expect((seen["tag_filtered"] as? [String])?.count == 1 && (seen["tag_filtered"] as? [String])?.first?.hasSuffix("swift-format") == true, "\(context)")
        #expect((seen["tag_current"] as? String)?.hasPrefix("dev tools") == true, "\(context)")
        #expect(seen["edited_notice"] as? String == "tags of https://github.com/apple/swift: language, swift", "\(context)")
        #expect(seen["removed_notice"] as? String == "Removed https://example.com/article.", "\(context)")
        #expect(seen["removed_gone"] as? Bool == true && seen["removed_listed"] as? [String] == ["https://example.com/article"], "\(context)")
        #expect(seen["restored_notice"] as? String == "Restored https://example.com/article." && seen["restored_listed"] as? Bool == true, "\(context)")
        // From a post: two different saves, named apart.
        let actions = seen["post_actions"] as? [String] ?? []
        #expect(actions.contains("Save for offline") && actions.contains("Save link"), "\(context)")
        #expect((seen["from_post_text"] as? String)?.contains("From Weekend videos") == true && seen["from_post_note"] as? String == "the classic", "\(context)")
        #expect((seen["from_post_notice"] as? String)?.hasSuffix("[video]") == true, "\(context)")
        #expect(seen["shared_text"] as? String == "from Weekend videos, shared by You", "\(context)")
        #expect(seen["back_to_post"] as? Bool == true, "\(context)")
        // Import: `saved import`'s counts.
        #expect(seen["imported_html"] as? String == "imported 1, merged 1 already saved, skipped 1 that are no web links", "\(context)")
        #expect(seen["imported_json"] as? String == "imported 2, merged 0 already saved, skipped 0 that are no web links", "\(context)")
        // Export: what `saved export` writes, as a download.
        #expect(seen["export_netscape_disposition"] as? String == "attachment; filename=\"bookmarks.html\"", "\(context)")
        #expect(seen["export_json_disposition"] as? String == "attachment; filename=\"saved-links.json\"", "\(context)")
        let cliNetscape = try alice.run(["saved", "export", "--format", "netscape"]).stdout
        let cliJSON = try alice.run(["saved", "export", "--format", "json"]).stdout
        #expect(seen["export_netscape"] as? String == cliNetscape && cliNetscape.contains("swift-format"), "\(context)")
        #expect(seen["export_json"] as? String == cliJSON && cliJSON.contains("forums.swift.org"), "\(context)")
        // The webhook failed (refused), with its next attempt; the relays took the links; no token in the page.
        let synced = seen["synced"] as? [String] ?? []
        #expect(synced.first?.hasPrefix("Webhook: sync failed:") == true, "\(context)")
        #expect(synced.last?.hasPrefix("Your other machines: relays had ") == true && synced.last?.contains("published") == true, "\(context)")
        let after = seen["webhook_after"] as? String ?? ""
        #expect(after.contains("sync failed") && after.contains("Next attempt") && !after.contains("when the next link"), "\(context)")
        #expect(!"\(seen)".contains("kept-out-of-the-page"), "the webhook's token is in a page: \(context)")
        // JavaScript off: plain fields.
        // reading and swift are both on two GitHub links by now (a tie, by name).
        #expect((seen["plain_suggestions"] as? [String])?.prefix(2) == ["reading", "swift"], "\(context)")
        #expect(seen["prefilled"] as? [String] == ["networking", "the event loops"], "\(context)")
        #expect(seen["plain_saved"] as? String == "saved https://github.com/apple/swift-nio [networking, server side, swift]", "\(context)")
        #expect(seen["plain_no_listbox"] as? Bool == true, "\(context)")
        #expect(seen["refused_kept"] as? String == "not a link" && (seen["refused"] as? String)?.isEmpty == false, "\(context)")

        let screens = ["saved", "saved-new", "saved-edit", "saved-removed", "saved-transfer"]
        WebAppBrowserTests.expectAudited(seen, screens)
        WebAppBrowserTests.expectNoSeriousViolation(seen)

        // The command line sees what the app did.
        let saved = try alice.run(["saved", "--json"]).stdout
        for expected in ["swift-format", "dev tools", "language", "kagi.com", "swift-nio", "dQw4w9WgXcQ", session] {
            #expect(saved.contains(expected), "\(expected) is not in `saved --json`: \(saved)")
        }
        try WebAppBrowserTests.expectScreenshots([
            "saved", "saved-list", "saved-new", "saved-already", "saved-edit", "saved-removed", "saved-from-post", "saved-transfer",
        ])
    }

    /// A file upload (`multipart/form-data`) passes the same guard as every form: without the CSRF
    /// token, or from another origin, it is refused and nothing is imported; with them, a bookmark
    /// file imports with `saved import`'s counts, and a file without a bookmark gets its message.
    @Test func uploadsPassTheSameGuardAsForms() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let home = world.homes[0]
        let signedIn = try await world.signedIn(home)
        let app = signedIn.app
        let bookmarks = "<DL><p>\r\n<DT><A HREF=\"https://kagi.com/\" TAGS=\"search\">Kagi</A>\r\n</DL><p>\r\n"
        func upload(_ file: String, csrf: String?, origin: String) throws -> PlainHTTPClient.Answer {
            let boundary = "----linkstr-test-boundary"
            var body = ""
            if let csrf { body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n" }
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bookmarks.html\"\r\nContent-Type: text/html\r\n\r\n\(file)\r\n--\(boundary)--\r\n"
            return try signedIn.forge("/saved/import", origin: origin, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        }

        let noToken = try upload(bookmarks, csrf: nil, origin: app.origin)
        #expect(noToken.status == 403 && noToken.header("x-linkstr-refused") == "csrf", "\(noToken)")
        let otherOrigin = try upload(bookmarks, csrf: signedIn.csrf, origin: "http://evil.example")
        #expect(otherOrigin.status == 403 && otherOrigin.header("x-linkstr-refused") == "origin", "\(otherOrigin)")
        #expect(try home.run(["saved", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "a refused upload imported something")

        let imported = try upload(bookmarks, csrf: signedIn.csrf, origin: app.origin)
        #expect(imported.status == 200 && imported.body.contains("imported 1, merged 0 already saved, skipped 0 that are no web links"), "\(imported)")
        #expect(try home.run(["saved", "--tag", "search", "--json"]).stdout.contains("https://kagi.com/"))
        let empty = try upload("<p>no links here</p>", csrf: signedIn.csrf, origin: app.origin)
        #expect(empty.status == 400 && empty.body.contains("bookmarks.html has no bookmarks (&lt;A HREF=…&gt;)"), "\(empty)")
    }

    /// While the app's watch runs, the saved links sync as under `linkstr watch`: a webhook sync that
    /// is due is tried without anyone asking (here it fails: nothing listens), and its status says so.
    @Test func theAppSyncsSavedLinksInTheBackground() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let home = world.homes[0]
        #expect(try home.run(["save", "https://github.com/apple/swift", "--tag", "swift"]).status == 0)
        let config = (try? String(contentsOfFile: home.path + "/config.toml", encoding: .utf8)) ?? ""
        world.scratch.write("alice/config.toml", config + "\n[saved]\nwebhook = \"http://127.0.0.1:9/hook\"\n")
        #expect(try home.run(["saved", "sync", "--status", "--json"]).stdout.contains("\"status\":\"never\""))

        let app = try await world.app(home)
        let tried = await eventually(within: 30) {
            ((try? home.run(["saved", "sync", "--status", "--json"]).stdout) ?? "").contains("\"status\":\"failed\"")
        }
        #expect(tried, "the app did not sync in the background: \((try? home.run(["saved", "sync", "--status", "--json"]).stdout) ?? "")\n\(app.process.stderr)")
    }
}
