import Foundation
import PluginTesting
import TestSupport
import Testing

/// Settings → notifications changes config.toml as a person would by hand: the two settings, the
/// rest of the file as written; what the configuration refuses is refused with its message.
@Suite(.timeLimit(.minutes(2))) struct WebAppNotificationSettingsTests {
    @Test("the notification settings are written into config.toml (its comments and other settings kept) and read back by `linkstr config`; a bad choice is refused with the configuration's message and changes nothing")
    func notificationSettingsAreWrittenIntoConfig() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let file = alice.path + "/config.toml"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try (original + "# chosen by hand\nlog_level = \"warn\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        let configured = { try String(contentsOfFile: file, encoding: .utf8) }
        let notifiers = { () throws -> [String]? in
            let shown = try alice.run(["config", "--json"])
            return (try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])?["notifiers"] as? [String]
        }

        let client = try await world.signedIn(alice)
        let chosen = try client.post(
            "/settings/notifications", [("from", "contacts"), ("through", "list"), ("notifiers", "org.linkstr.notify.command, org.linkstr.notify.desktop")])
        #expect(chosen.status == 303, "\(chosen.body)")
        let written = try configured()
        #expect(written.contains("# chosen by hand\nlog_level = \"warn\"\n") && written.contains(world.relayURL), "\(written)")
        #expect(written.contains("notifiers = [\"org.linkstr.notify.command\", \"org.linkstr.notify.desktop\"]") && written.contains("[notify]\nfrom = \"contacts\""))
        #expect(try notifiers() == ["org.linkstr.notify.command", "org.linkstr.notify.desktop"])
        let page = try client.get("/settings").body
        #expect(page.contains("<option value=\"contacts\" selected>") && page.contains("value=\"list\" checked"), "\(page)")
        #expect(page.contains("value=\"org.linkstr.notify.command, org.linkstr.notify.desktop\""), "\(page)")

        // What the configuration refuses changes nothing, and says why as `linkstr config` would.
        let refused = try client.post("/settings/notifications", [("from", "everyone"), ("through", "none")])
        #expect(refused.status == 400 && refused.body.contains("&#39;notify.from&#39; is &#39;everyone&#39;; use &quot;members&quot; or &quot;contacts&quot;"), "\(refused.body)")
        let empty = try client.post("/settings/notifications", [("from", "members"), ("through", "list"), ("notifiers", " , ")])
        #expect(empty.status == 400 && empty.body.contains("name at least one notifier plugin"), "\(empty.body)")
        #expect(try configured() == written)

        // None, then the default again (the setting leaves the file).
        #expect(try client.post("/settings/notifications", [("from", "members"), ("through", "none")]).status == 303)
        let none = try configured()
        #expect(none.contains("notifiers = []\n") && none.contains("from = \"members\""), "\(none)")
        #expect(try notifiers() == [])
        #expect(try client.post("/settings/notifications", [("from", "members"), ("through", "default")]).status == 303)
        let byDefault = try configured()
        #expect(!byDefault.contains("notifiers"), "\(byDefault)")
        #expect(try alice.run(["config"]).stdout.contains("notifiers:     (default: desktop notifications when available)"))
    }
}
