import Foundation
import PluginTesting
import TestSupport
import Testing

/// The sessions list in headless Chromium: `/` and typing search it in place (the address keeps the
/// query), archived sessions sit behind their toggle, a session's page archives and unarchives it (as
/// `linkstr session archive/unarchive`), and the search works with JavaScript off.
@Suite(.timeLimit(.minutes(3))) struct WebAppSessionsListTests {
    @Test(.needsChromium)
    func searchAndArchivedSessions() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let old = try alice.createSession("Old trip")
        _ = try alice.createSession("Book club")
        _ = try alice.createSession("Weekend videos")
        #expect(try alice.run(["session", "archive", old]).status == 0)

        let app = try await world.app(alice)
        let seen = try world.drive("webapp_sessions.py", ["--app", app.url])
        let context = "\(seen)\napp: \(app.process.stderr)"

        #expect(seen["timeouts"] == nil, "\(context)")
        #expect(seen["current"] as? [String] == ["Book club", "Weekend videos"], "\(context)")
        #expect(seen["slash_focuses_search"] as? Bool == true && seen["searched"] as? Bool == true, "\(context)")
        #expect(seen["search_in_address"] as? Bool == true && seen["search_kept_page"] as? Bool == true, "\(context)")
        #expect(seen["no_match"] as? Bool == true && seen["archived"] as? Bool == true, "\(context)")
        #expect(seen["unarchived_in_list"] as? Bool == true, "\(context)")
        #expect(seen["after_archiving"] as? [String] == ["Old trip", "Weekend videos"] && seen["archived_after"] as? [String] == ["Book club"], "\(context)")
        #expect(seen["noscript_search"] as? [String] == ["Weekend videos"], "\(context)")
        // The command line sees the archive the app made.
        let archived = try alice.run(["sessions", "--archived", "--json"])
        #expect(archived.stdout.contains("Book club") && !archived.stdout.contains("Old trip"), "\(archived.stdout)")
    }
}
