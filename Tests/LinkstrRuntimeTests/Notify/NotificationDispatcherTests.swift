import Foundation
@testable import LinkstrHost
@testable import LinkstrRuntime
import Testing

/// The host's dispatcher: privacy per notifier, at most once across restarts, misconfiguration kept
/// local, and "Open" opening the link.
@Suite struct NotificationDispatcherTests {
    static let command = "org.linkstr.notify.command"

    let post = NotificationRequest(
        id: "0a0a", kind: .post, sessionName: "Weekend", senderName: "Alice", url: "https://vimeo.com/76979871",
        note: "for Sunday", createdAt: 1_739_877_200, deepLink: "linkstr://open?p=abc")

    /// A command notifier that appends each notification's JSON as one line to `<script>.lines`.
    private func recordingCommand(_ scratch: TestScratch, includeContent: Bool = false) -> (settings: [String: String], lines: () -> [[String: Any]]) {
        let script = Script.write(scratch.file("record.sh"), "cat >> \"$0.lines\"\necho >> \"$0.lines\"\n")
        return (["command": "[\"\(script)\"]", "include_content": includeContent ? "true" : "false"], { TestPython.records(script + ".lines") })
    }

    @Test(arguments: [false, true])
    func sendsGenericTextUnlessTheNotifierOptsIn(includeContent: Bool) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = recordingCommand(scratch, includeContent: includeContent)
        let dispatcher = DispatcherFixture(scratch, notifiers: [Self.command], settings: [Self.command: recorder.settings]).start()
        defer { dispatcher.stop() }

        let outcome = await dispatcher.deliver(post)
        #expect(outcome == NotificationOutcome(duplicate: false, results: [NotifierResult(pluginID: Self.command, ok: true)]))
        let sent = try #require(recorder.lines().first) as NSDictionary
        if includeContent {
            #expect(sent == [
                "id": "0a0a", "kind": "post", "title": "Alice shared a post", "body": "for Sunday", "session": "Weekend",
                "created_at": 1_739_877_200, "url": "https://vimeo.com/76979871", "note": "for Sunday", "sender": "Alice",
                "deep_link": "linkstr://open?p=abc",
            ] as NSDictionary)
        } else {
            #expect(sent == [
                "id": "0a0a", "kind": "post", "title": "linkstr", "body": "New link", "created_at": 1_739_877_200,
            ] as NSDictionary)
        }
    }

    @Test func theSessionNameGoesOnlyToNotifiersThatAskForIt() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        var recorder = recordingCommand(scratch)
        recorder.settings["include_session"] = "true"
        let dispatcher = DispatcherFixture(scratch, notifiers: [Self.command], settings: [Self.command: recorder.settings]).start()
        defer { dispatcher.stop() }

        _ = await dispatcher.deliver(post)
        #expect(try #require(recorder.lines().first) as NSDictionary == [
            "id": "0a0a", "kind": "post", "title": "linkstr", "body": "New link in Weekend", "session": "Weekend",
            "created_at": 1_739_877_200,
        ] as NSDictionary)
    }

    @Test func notifiesEachEventOnceAcrossARestart() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = recordingCommand(scratch)
        let fixture = DispatcherFixture(scratch, notifiers: [Self.command], settings: [Self.command: recorder.settings])
        var reaction = post
        reaction.id = "0b0b"
        reaction.kind = .reaction

        let first = fixture.start()
        #expect(await first.deliver(post).allDelivered)
        #expect(await first.deliver(post) == NotificationOutcome(duplicate: true, results: []))
        first.stop()

        let afterRestart = fixture.start()
        defer { afterRestart.stop() }
        #expect(await afterRestart.deliver(post).duplicate)
        #expect(await afterRestart.deliver(reaction).allDelivered)
        #expect(await afterRestart.deliver(reaction).duplicate)
        let test = NotificationRequest.test()
        #expect(await afterRestart.deliver(test).allDelivered)
        #expect(await afterRestart.deliver(test).allDelivered)  // tests are never recorded

        #expect(recorder.lines().map { $0["id"] as? String } == ["0a0a", "0b0b", test.id, test.id])
        #expect(try String(contentsOfFile: fixture.host.paths.stateDirectory + "/notified.ids", encoding: .utf8) == "0a0a\n0b0b\n")
    }

    @Test func keepsTheNewestIDsWhenTheLogIsFull() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let path = scratch.file("state/notified.ids")
        let log = NotifiedIDLog(path: path, capacity: 3)
        for id in ["a", "b", "c", "d", "e", "f", "g"] { #expect(try log.insert(id)) }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count <= 6)
        #expect(lines.suffix(3) == ["e", "f", "g"])

        let reopened = NotifiedIDLog(path: path, capacity: 3)
        #expect(try !reopened.insert("g"))
        #expect(try !reopened.insert("e"))
        #expect(try reopened.insert("a"))  // forgotten: older than the newest three
        #expect(throws: NotifiedIDLogError(path: path, reason: "the notification id 'x\ny' is empty or spans lines")) {
            try reopened.insert("x\ny")
        }
    }

    @Test func reportsMisconfiguredNotifiersAndStillDeliversThroughTheOthers() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = recordingCommand(scratch)
        let http = "org.linkstr.notify.http"
        let fixture = DispatcherFixture(
            scratch, notifiers: [http, Self.command, "org.example.missing", Self.command],
            settings: [http: ["url": "ntfy.sh/no-scheme"], Self.command: recorder.settings])
        let dispatcher = fixture.start()
        defer { dispatcher.stop() }

        let httpError = "plugin 'org.linkstr.notify.http' failed to start: setting 'url' of [plugins.\"org.linkstr.notify.http\"] is not an http or https URL: 'ntfy.sh/no-scheme'; use e.g. url = \"https://ntfy.sh/<your topic>\""
        let missingError = "no installed plugin has this id; `linkstr plugins` lists the installed ones"
        #expect(fixture.logLines.all.contains("linkstr: warn: notifier 'org.linkstr.notify.http' is off: \(httpError)"))
        #expect(fixture.logLines.all.contains("linkstr: warn: notifier 'org.example.missing' is off: \(missingError)"))
        let outcome = await dispatcher.deliver(post)
        #expect(outcome.results == [
            NotifierResult(pluginID: http, ok: false, error: httpError),
            NotifierResult(pluginID: Self.command, ok: true),
            NotifierResult(pluginID: "org.example.missing", ok: false, error: missingError),
        ])
        #expect(recorder.lines().count == 1)
    }

    @Test func refusesAnIncludeContentThatIsNotABoolean() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let fixture = DispatcherFixture(scratch, notifiers: [Self.command], settings: [Self.command: ["command": "[\"true\"]", "include_content": "yes"]])
        let dispatcher = fixture.start()
        defer { dispatcher.stop() }
        #expect(await dispatcher.deliver(post).results == [NotifierResult(
            pluginID: Self.command, ok: false,
            error: "setting 'include_content' of [plugins.\"org.linkstr.notify.command\"] must be true or false, not 'yes'")])
    }

    @Test func openOnADesktopNotificationOpensThePostsLink() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let opener = Script.write(scratch.file("opener.sh"), "printf '%s\\n' \"$@\" >> \"$0.argv\"\n")
        let desktop = "org.linkstr.notify.desktop"
        let fixture = DispatcherFixture(
            scratch, notifiers: [desktop],
            settings: [desktop: ["bus_address": server.address, "open_command": "[\"\(opener)\",\"--new-tab\"]"]])
        let dispatcher = fixture.start()
        defer { dispatcher.stop() }

        #expect(await dispatcher.deliver(post).allDelivered)
        // Generic text on the desktop too, yet "Open" opens the link the host kept.
        #expect(server.notifications.first?["body"] as? String == "New link in Weekend")
        try server.invoke("default")
        #expect(await eventually { (try? String(contentsOfFile: opener + ".argv", encoding: .utf8)) == "--new-tab\nhttps://vimeo.com/76979871\n" })

        var unsafe = post
        unsafe.id = "0c0c"
        unsafe.url = "file:///etc/passwd"
        #expect(await dispatcher.deliver(unsafe).allDelivered)
        try server.invoke("open")
        #expect(await eventually {
            fixture.logLines.all.contains("linkstr: warn: [\(desktop)] not opening 'file:///etc/passwd': only http and https links are opened")
        })
    }

    @Test func aStoppedDispatcherSendsNothing() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let recorder = recordingCommand(scratch)
        let dispatcher = DispatcherFixture(scratch, notifiers: [Self.command], settings: [Self.command: recorder.settings]).start()
        dispatcher.stop()
        #expect(await dispatcher.deliver(post).results == [
            NotifierResult(pluginID: Self.command, ok: false, error: "the notification dispatcher is stopped")
        ])
        #expect(recorder.lines().isEmpty)
    }

    /// Without `notifiers` in config.toml, desktop notifications are on when a notification server
    /// answers on the session bus.
    @Test func desktopNotificationsAreOnByDefaultWhenTheDesktopHasAServer() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let desktop = NotificationDispatcher.desktopNotifier
        let dispatcher = DispatcherFixture(scratch, notifiers: nil, settings: [desktop: ["bus_address": server.address]]).start()
        defer { dispatcher.stop() }
        #expect(dispatcher.notice == nil)
        #expect(!dispatcher.isEmpty)
        #expect(await dispatcher.deliver(post) == NotificationOutcome(duplicate: false, results: [NotifierResult(pluginID: desktop, ok: true)]))
        #expect(server.notifications.map { $0["body"] as? String } == ["New link in Weekend"])
    }

    /// Without `notifiers` and without a notification server, nothing is active and the notice says
    /// how to turn notifications on; `notifiers = []` turns them off without a word.
    @Test func withoutANotificationServerTheNoticeSaysHowToTurnThemOn() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch, mode: .absent)
        defer { server.stop() }
        let desktop = NotificationDispatcher.desktopNotifier
        let fallback = DispatcherFixture(scratch, notifiers: nil, settings: [desktop: ["bus_address": server.address]]).start()
        defer { fallback.stop() }
        #expect(fallback.isEmpty)
        let notice = try #require(fallback.notice)
        #expect(notice.contains("notifications are off: desktop notifications are not available: no notification server"), "\(notice)")
        #expect(notice.contains("set notifiers = [...] in \(scratch.path)/config.toml"), "\(notice)")

        let off = DispatcherFixture(scratch, notifiers: [], settings: [:]).start()
        defer { off.stop() }
        #expect(off.isEmpty && off.notice == nil)
    }
}
