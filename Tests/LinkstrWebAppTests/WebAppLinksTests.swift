import Foundation
import LinkstrWebApp
import PluginTesting
import TestSupport
import Testing

/// Links clicked outside the app (`linkstr app open LINK`, what the desktop's handlers run) in headless
/// Chromium: a `linkstr://save` link opens the save page and is saved with the keyboard only, with its
/// tags and note; a `bunker://` link shows the signer, a shared post's link opens the post in its
/// session, a link in no session is shown with "Open in browser"; axe-core on each.
@Suite(.timeLimit(.minutes(3))) struct WebAppLinksTests {
    /// A valid x-only public key (secp256k1's generator), for a remote signer's link.
    static let signerHex = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

    /// The iPhone app's `linkstr://open?p=…` link of a post.
    static func deepLink(url: String, post: String) throws -> String {
        let payload = try JSONSerialization.data(withJSONObject: ["url": url, "timestamp": 1_700_000_000, "messageGUID": post] as [String: Any])
        let token = payload.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "linkstr://open?p=" + token
    }

    @Test(.needsChromium)
    func clickedLinksOpenTheirScreens() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.createSession("Weekend")
        let post = try alice.json(SentPost.self, ["post", session, "https://example.com/shared"]).id

        let save = "linkstr://save?url=https%3A%2F%2Fexample.com%2Fread-later&tag=later&note=for%20the%20weekend"
        let bunker = "bunker://\(Self.signerHex)?relay=wss%3A%2F%2Frelay.example.com&secret=s3cret"
        let app = try await world.app(alice, opening: save)
        let seen = try world.drive(
            "webapp_links.py",
            [
                "--app", app.url, "--bunker", WebApp.openPath(for: bunker),
                "--post", WebApp.openPath(for: try Self.deepLink(url: "https://example.com/shared", post: post)),
                "--shared", WebApp.openPath(for: "linkstr://open?url=https%3A%2F%2Fexample.org%2Felsewhere"),
            ])
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect((seen["violations"] as? [String: Any])?.isEmpty == true, "\(context)")
        #expect(seen["save_path"] as? String == WebApp.openPath(for: save), "\(context)")
        let saveText = seen["save_text"] as? String ?? ""
        #expect(saveText.contains("https://example.com/read-later") && saveText.contains("later") && saveText.contains("for the weekend"), "\(context)")
        // Saved as `linkstr save` does, with the link's tag and note, as `linkstr saved` shows.
        #expect(seen["save_action"] as? String == "Save" && (seen["after_save"] as? [String: String])?["heading"] == "Saved", "\(context)")
        let saved = try alice.run(["saved", "list", "--json"])
        #expect(
            saved.stdout.contains("https://example.com/read-later") && saved.stdout.contains("later") && saved.stdout.contains("for the weekend"),
            "\(saved.stdout)\(saved.stderr)")

        let bunkerText = seen["bunker_text"] as? String ?? ""
        #expect(bunkerText.contains("npub1") && bunkerText.contains("wss://relay.example.com") && bunkerText.contains("present"), "\(context)")
        let bunkerAction = seen["bunker_action"] as? String ?? ""
        #expect(bunkerAction.contains("linkstr account connect 'bunker://") || bunkerAction.contains("Review and connect"), "\(context)")

        #expect((seen["post_url"] as? String)?.hasPrefix("/sessions/\(session)#post-\(post)") == true, "\(context)")
        let shared = seen["shared_text"] as? String ?? ""
        #expect(shared.contains("https://example.org/elsewhere") && shared.contains("not in any of your sessions"), "\(context)")
    }

    @Test("a clicked link's page changes nothing: the save is a POST from the app with its CSRF token")
    func aLinksPageChangesNothingUntilConfirmed() async throws {
        let world = try await TestWorld.start("alice", relay: nil)
        defer { world.stop() }
        let home = world.homes[0]
        let save = "linkstr://save?url=https%3A%2F%2Fexample.com%2Fonly-on-post&tag=later"
        let app = try await world.app(home)
        let client = try SignedIn(app)
        let page = try client.get(WebApp.openPath(for: save))
        #expect(page.status == 200 && page.body.contains("Save this link?"), "\(page)")
        // The save dialog, when this app has one, is offered too, with the link's tag.
        let hasDialog = try client.get("/saved/new?url=https%3A%2F%2Fexample.com").status != 404
        #expect(page.body.contains("href=\"/saved/new?url=https%3A%2F%2Fexample.com%2Fonly-on-post&amp;tag=later\"") == hasDialog, "\(page.body)")
        // A remote signer's link goes to the app's connect confirmation when it has one, else says the command.
        let bunker = try client.get(WebApp.openPath(for: "bunker://\(Self.signerHex)?relay=wss%3A%2F%2Frelay.example.com"))
        let hasCheck = try client.post("/signer/remote/check", []).status != 404
        #expect(bunker.body.contains("action=\"/signer/remote/check\"") == hasCheck, "\(bunker.body)")
        #expect(bunker.body.contains("linkstr account connect") != hasCheck, "\(bunker.body)")
        #expect(!(try home.run(["saved", "list", "--json"])).stdout.contains("only-on-post"))
        // A page elsewhere cannot post it: no Origin, no CSRF token.
        let forged = try client.forge("/open/save", origin: nil, body: "link=" + (save.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(forged.status == 403, "\(forged)")
        #expect(!(try home.run(["saved", "list", "--json"])).stdout.contains("only-on-post"))
        let saved = try client.post("/open/save", [("link", save)])
        #expect(saved.status == 200 && saved.body.contains("<h1>Saved</h1>"), "\(saved)")
        #expect((try home.run(["saved", "list", "--json"])).stdout.contains("only-on-post"))
        // A link that is none of linkstr's says what is wrong.
        let bad = try client.get(WebApp.openPath(for: "https://example.com"))
        #expect(bad.status == 400 && bad.body.contains("is not a linkstr:// link"), "\(bad)")
    }
}
