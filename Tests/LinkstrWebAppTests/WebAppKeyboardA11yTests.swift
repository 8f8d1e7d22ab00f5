import Foundation
import PluginTesting
import TestSupport
import Testing

/// Keyboard-first and accessible, in headless Chromium: a walk with keys only from the sessions list
/// to a post, a reaction and a new post (and `?` listing the shortcuts); then axe-core audits every
/// screen, dark and light, and finds no serious or critical violation.
@Suite(.timeLimit(.minutes(3))) struct WebAppKeyboardA11yTests {
    @Test(.needsChromium)
    func keyboardOnlyAndNoSeriousAccessibilityViolation() async throws {
        let world = try await TestWorld.start("alice", "bob")
        defer { world.stop() }
        let (alice, bob) = (world.homes[0], world.homes[1])
        #expect(try alice.run(["contact", "add", bob.npub, "--alias", "Bob"]).status == 0)
        let session = try alice.json(SessionMembers.self, ["session", "create", "Weekend videos", "--member", bob.npub]).id
        #expect(try alice.run(["post", session, "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "--note", "the classic"]).status == 0)

        let aliceApp = try await world.app(alice)
        let newcomerApp = try await world.newcomerApp()
        let seen = try world.drive("webapp_a11y.py", ["--alice", aliceApp.url, "--newcomer", newcomerApp.url, "--session", session], timeout: 170)
        let context = "\(seen)\nalice: \(aliceApp.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["list_focus"] as? String == "/sessions/\(session)", "`j` did not focus the session: \(context)")
        #expect(seen["feed_opened"] as? Bool == true && seen["post_focused"] as? Bool == true, "\(context)")
        #expect(seen["reacted"] as? Bool == true && seen["focus_kept_on_post"] as? Bool == true, "\(context)")
        #expect(seen["composer_focused"] as? Bool == true && seen["posted"] as? Bool == true, "\(context)")
        #expect(seen["shortcuts_open"] as? Bool == true && seen["shortcuts_closed"] as? Bool == true, "\(context)")
        #expect((seen["shortcuts_text"] as? String)?.contains("react 👍 👎 👀 to the post") == true, "\(context)")
        let screens = [
            "sessions", "new-session", "feed", "members", "delete-confirm", "player", "contacts", "you", "settings", "account-delete", "onboarding", "backup",
        ]
        WebAppBrowserTests.expectAudited(seen, screens)
        WebAppBrowserTests.expectNoSeriousViolation(seen)
        // The keys did what the command line sees.
        let feed = try alice.run(["feed", session, "--json"])
        #expect(feed.stdout.contains("typed-with-keys") && feed.stdout.contains("👍"), "\(feed.stdout)")
    }
}
