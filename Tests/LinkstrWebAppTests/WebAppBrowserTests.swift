import Foundation
import PluginTesting
import TestSupport
import Testing

/// The app in headless Chromium (Selenium with Debian's chromedriver), two homes through a real
/// local relay: Alice creates a session with Bob and posts in her app; Bob's open page shows it
/// without a reload; Bob reacts; Alice's open page shows the reaction; her next post marks Bob's
/// list unread live, and opening the session clears it; with JavaScript off her feed reads and a
/// reaction still posts. A third app onboards a new
/// account. Screenshots of every screen go to `.build/app-screens` (docs/screens holds a selection).
@Suite(.timeLimit(.minutes(3))) struct WebAppBrowserTests {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    static var installed: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }
    static let screens = ExternalProcess.packageRoot + "/.build/app-screens"

    @Test(.needsChromium)
    func aPostAndAReactionAppearLiveInTheOtherAppsPage() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        let added = try alice.run(["contact", "add", bob.npub, "--alias", "Bob"])
        #expect(added.status == 0, "\(added.stderr)")

        let aliceApp = try await world.app(alice)
        let bobApp = try await world.app(bob)
        let newcomerApp = try await world.newcomerApp()

        let seen = try world.drive("webapp_browser.py", ["--alice", aliceApp.url, "--bob", bobApp.url, "--newcomer", newcomerApp.url])
        let context = "\(seen)\nalice: \(aliceApp.process.stderr)\nbob: \(bobApp.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["onboarding_shown"] as? Bool == true, "\(context)")
        #expect((seen["backup_nsec"] as? String)?.hasPrefix("nsec1") == true, "\(context)")
        #expect(seen["backup_says_password"] as? Bool == true, "\(context)")
        #expect(seen["newcomer_sessions_empty"] as? Bool == true, "\(context)")
        #expect(seen["alice_url_without_token"] as? Bool == true, "\(context)")
        #expect(seen["bob_saw_session_live"] as? Bool == true, "\(context)")
        #expect(seen["bob_list_kept_page"] as? Bool == true, "Bob's list was reloaded instead of updated: \(context)")
        #expect((seen["composer_problem"] as? String)?.contains("enter a valid url") == true, "\(context)")
        #expect(seen["composer_kept_note"] as? String == "typed before the refusal", "\(context)")
        #expect(seen["alice_post_shown"] as? Bool == true, "\(context)")
        #expect(seen["bob_saw_post_live"] as? Bool == true, "\(context)")
        #expect(seen["bob_feed_kept_page"] as? Bool == true, "Bob's feed was reloaded instead of updated: \(context)")
        #expect((seen["bob_post_text"] as? String)?.contains("https://youtube.com/watch?v=dQw4w9WgXcQ") == true, "\(context)")
        #expect(seen["bob_reaction_highlighted"] as? Bool == true, "\(context)")
        #expect(seen["alice_saw_reaction_live"] as? Bool == true, "\(context)")
        #expect(seen["alice_feed_kept_page"] as? Bool == true, "Alice's feed was reloaded instead of updated: \(context)")
        #expect(seen["alice_reaction_text"] as? String == "👍 1", "\(context)")
        #expect(seen["bob_list_read_before"] as? Bool == true, "\(context)")
        #expect(seen["bob_saw_unread_live"] as? Bool == true, "\(context)")
        #expect(seen["bob_unread_kept_page"] as? Bool == true, "Bob's list was reloaded instead of updated: \(context)")
        #expect((seen["bob_new_post_marked"] as? [String])?.count == 1, "only the new post is marked new: \(context)")
        #expect(seen["bob_unread_cleared"] as? Bool == true, "\(context)")
        #expect(seen["noscript_reads"] as? Bool == true, "the feed does not read with JavaScript off: \(context)")
        #expect(seen["noscript_reacted"] as? Bool == true, "a reaction does not work with JavaScript off: \(context)")
        #expect(seen["noscript_navigated"] as? Bool == true, "the reaction did not go through the form (was JavaScript on?): \(context)")

        // What the app did is what the command line sees: the post and Bob's reaction are stored.
        let feed = try alice.run(["feed", "Weekend videos", "--json"])
        #expect(feed.stdout.contains("dQw4w9WgXcQ") && feed.stdout.contains("👍"), "\(feed.stdout)\(feed.stderr)")
        try Self.expectScreenshots([
            "onboarding", "backup", "sessions-empty", "new-session", "sessions", "composer-refused", "feed", "feed-bob", "sessions-unread", "feed-unread", "contacts",
        ])
    }
}
