@testable import LinkstrHost
import LinkstrPluginKit
@testable import LinkstrRuntime
import Testing

/// The desktop notifier against a private D-Bus (`dbus-run-session`) and a recording notification
/// server.
@Suite struct DesktopNotifierTests {
    static let pluginID = "org.linkstr.notify.desktop"

    let post = NotificationRequest(
        id: "a1b2c3", kind: .post, sessionName: "Weekend", senderName: "Alice", url: "https://vimeo.com/76979871",
        note: "look <b>this</b> & that", createdAt: 1_739_877_200, deepLink: "linkstr://open?p=abc")

    @Test func showsANotificationWithActionsAndHintsAndReportsClicks() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let desktop = try NotifierDriver("desktop", pluginID: Self.pluginID, settings: ["bus_address": server.address, "urgency": "critical"])
        defer { desktop.destroy() }

        #expect(desktop.probe() == nil)
        #expect(desktop.log.contains("notification server: linkstr-test-stub 1.0 by linkstr"))
        let recorder = ActionRecorder()
        desktop.setActionHandler(recorder)
        #expect(await desktop.notify(post) == nil)

        let shown = try #require(server.notifications.first)
        #expect(server.notifications.count == 1)
        #expect(shown["app_name"] as? String == "linkstr")
        #expect(shown["app_icon"] as? String == "video-x-generic")
        #expect(shown["summary"] as? String == "Alice shared a post")
        // The server reads markup: text from others is escaped, never interpreted.
        #expect(shown["body"] as? String == "look &lt;b&gt;this&lt;/b&gt; &amp; that")
        #expect(shown["actions"] as? [String] == ["default", "Open", "open", "Open"])
        #expect(shown["expire_timeout"] as? Int == -1)
        let hints = try #require(shown["hints"] as? [String: Any])
        #expect(hints["urgency"] as? Int == 2)
        #expect(hints["x-linkstr-url"] as? String == "https://vimeo.com/76979871")
        #expect(hints["x-linkstr-deep-link"] as? String == "linkstr://open?p=abc")
        #expect(hints["x-linkstr-id"] as? String == "a1b2c3")
        #expect(hints["desktop-entry"] as? String == "linkstr")

        try server.invoke("open")
        #expect(await eventually { recorder.recorded == [["a1b2c3", "open"]] })
    }

    @Test func leavesContentOutWhenTheHostWithholdsIt() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let desktop = try NotifierDriver("desktop", pluginID: Self.pluginID, settings: ["bus_address": server.address])
        defer { desktop.destroy() }

        #expect(await desktop.notify(post, includeContent: false) == nil)
        let shown = try #require(server.notifications.first)
        #expect(shown["summary"] as? String == "linkstr")
        #expect(shown["body"] as? String == "New link in Weekend")
        let hints = try #require(shown["hints"] as? [String: Any])
        #expect(hints["x-linkstr-url"] == nil && hints["x-linkstr-deep-link"] == nil)
        #expect(hints["urgency"] as? Int == 1)
    }

    @Test func reportsTheDBusErrorOfAServerThatRefuses() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch, mode: .refuses)
        defer { server.stop() }
        let desktop = try NotifierDriver("desktop", pluginID: Self.pluginID, settings: ["bus_address": server.address])
        defer { desktop.destroy() }

        let error = try #require(await desktop.notify(post))
        #expect(error.status == .io)
        #expect(error.message == "the notification server refused Notify: org.linkstr.Test.Error.Refused: the test server refuses every notification")
    }

    @Test func aBusWithoutANotificationServerIsNotAvailable() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch, mode: .absent)
        defer { server.stop() }
        let desktop = try NotifierDriver("desktop", pluginID: Self.pluginID, settings: ["bus_address": server.address])
        defer { desktop.destroy() }

        let probe = try #require(desktop.probe())
        #expect(probe.status == .unavailable)
        #expect(probe.message.hasPrefix(
            "desktop notifications are not available: no notification server on the D-Bus session bus (org.freedesktop.DBus.Error.ServiceUnknown: "))
        #expect(await desktop.notify(post)?.status == .unavailable)
    }

    @Test func noBusAtAllIsNotAvailable() async throws {
        let address = "unix:path=/nonexistent/linkstr-test-bus"  // sun_path is too short for the scratch folder
        let desktop = try NotifierDriver("desktop", pluginID: Self.pluginID, settings: ["bus_address": address])
        defer { desktop.destroy() }

        let probe = try #require(desktop.probe())
        #expect(probe.status == .unavailable)
        #expect(probe.message == "desktop notifications are not available: cannot connect to bus_address \(address) (connecting to the bus: No such file or directory)")
        #expect(await desktop.notify(post) == probe)
    }

    @Test func refusesAnUnknownUrgency() throws {
        #expect(throws: PluginError(.invalid, "plugin 'org.linkstr.notify.desktop' failed to start: setting 'urgency' of [plugins.\"org.linkstr.notify.desktop\"] must be low, normal or critical, not 'loud'")) {
            _ = try NotifierDriver("desktop", pluginID: Self.pluginID, settings: ["urgency": "loud"])
        }
    }
}
