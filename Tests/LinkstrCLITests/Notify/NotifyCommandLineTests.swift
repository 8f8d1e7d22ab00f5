import Foundation
import Testing

/// `linkstr notify test` end to end: a private D-Bus with the recording server, a recording HTTP
/// server, a command, and a notifier that is not available. (A notifier that is not installed is a
/// configuration error: CommandLineTests.)
@Suite struct NotifyCommandLineTests {
    private func configure(_ scratch: TestScratch, notifiers: [String], sections: String) {
        _ = scratch.write("config.toml", "notifiers = [\(notifiers.map { "\"\($0)\"" }.joined(separator: ", "))]\n" + sections)
    }

    private func commandScript(_ scratch: TestScratch) -> String {
        Script.write(scratch.file("record.sh"), "cat > \"$0.stdin\"\n")
    }

    @Test func testsEveryNotifierAndReportsEachResult() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let recorder = try HTTPRecorder(in: scratch)
        defer { recorder.stop() }
        let script = commandScript(scratch)
        configure(
            scratch,
            notifiers: ["org.linkstr.notify.desktop", "org.linkstr.notify.http", "org.linkstr.notify.command"],
            sections: """
                [plugins."org.linkstr.notify.http"]
                url = "\(recorder.url("/linkstr"))"
                format = "ntfy"
                bearer_token = "tk_cli_secret"
                [plugins."org.linkstr.notify.command"]
                command = ["\(script)"]
                """)

        let result = try ProcessRunner.linkstr(
            ["notify", "test", "--json", "--home", scratch.path], environment: ["DBUS_SESSION_BUS_ADDRESS": server.address])
        #expect(result.status == 0, "\(result.stderr)")
        let reported = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(reported.map { $0["id"] as? String } == ["org.linkstr.notify.desktop", "org.linkstr.notify.http", "org.linkstr.notify.command"])
        #expect(reported.map { $0["ok"] as? Bool } == [true, true, true])
        #expect(!result.stderr.contains("tk_cli_secret"))

        #expect(server.notifications.first?["body"] as? String == "Test notification from linkstr")
        #expect(recorder.posts.first?["body"] as? String == "Test notification from linkstr")
        #expect((recorder.posts.first?["headers"] as? [String: String])?["authorization"] == "Bearer tk_cli_secret")
        let stdin = try String(contentsOfFile: script + ".stdin", encoding: .utf8)
        #expect(stdin.contains(#""kind":"test""#) && stdin.contains(#""title":"linkstr""#))
    }

    @Test func succeedsWhenEveryNotifierDelivers() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let script = commandScript(scratch)
        configure(scratch, notifiers: ["org.linkstr.notify.command"], sections: "[plugins.\"org.linkstr.notify.command\"]\ncommand = [\"\(script)\"]\n")
        let result = try ProcessRunner.linkstr(["notify", "test", "--home", scratch.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "ok      org.linkstr.notify.command\n")
    }

    @Test func aDesktopWithoutABusIsAWarningAndAFailedResult() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        configure(scratch, notifiers: ["org.linkstr.notify.desktop"], sections: "")
        let result = try ProcessRunner.linkstr(["notify", "test", "--home", scratch.path])
        let reason = "desktop notifications are not available: no D-Bus session bus ($DBUS_SESSION_BUS_ADDRESS and $XDG_RUNTIME_DIR are unset); run linkstr in a desktop session or set bus_address"
        #expect(result.status == 1)
        #expect(result.stdout == "failed  org.linkstr.notify.desktop: \(reason)\n")
        #expect(result.stderr.hasPrefix("linkstr: warn: notifier 'org.linkstr.notify.desktop' is not available now: \(reason)\n"))
    }

    @Test func saysHowToActivateANotifierWhenNoneIs() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let result = try ProcessRunner.linkstr(["notify", "test", "--home", scratch.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("linkstr: notifications are off: desktop notifications are not available: no D-Bus session bus"))
        #expect(result.stderr.contains("set notifiers = [...] in \(scratch.path)/config.toml"))
        #expect(result.stderr.contains("Installed notifiers: org.linkstr.notify.command, org.linkstr.notify.desktop, org.linkstr.notify.http."))

        scratch.write("config.toml", "notifiers = []\n")
        let off = try ProcessRunner.linkstr(["notify", "test", "--home", scratch.path])
        #expect(off.status == 1)
        #expect(off.stderr.hasPrefix("linkstr: no notifier is active (notifiers = [] in \(scratch.path)/config.toml)"), "\(off.stderr)")
    }
}
