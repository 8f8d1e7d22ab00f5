import Foundation
import PluginTesting
import Testing

/// A save without a terminal (`save --quiet`, and a
/// `linkstr://save` link opened with --quiet, after it asked) tells its result as a desktop
/// notification, on a private D-Bus with the recording notification server.
@Suite(.timeLimit(.minutes(1))) struct SaveFeedbackTests {
    let scratch = TestScratch()

    /// A home whose notifiers are the desktop's (on `server`) and a command that keeps what it reads
    /// in `record.sh.stdin`.
    func home(_ server: NotificationServer, includeContent: Bool) throws -> LinkstrHome {
        let script = Script.write(scratch.file("record.sh"), "cat > \"$0.stdin\"\n")
        return try LinkstrHome.create(
            scratch, "alice", relays: [],
            config: """
                notifiers = ["org.linkstr.notify.desktop", "org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.desktop"]
                bus_address = "\(server.address)"
                include_content = \(includeContent)
                [plugins."org.linkstr.notify.command"]
                command = ["\(script)"]

                """)
    }

    func savedURLs(_ home: LinkstrHome) throws -> [String] {
        let listed = try home.run(["saved", "--json"])
        let links = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return links.compactMap { $0["url"] as? String }
    }

    @Test func saveQuietSavesTheSharedLinkOfALinkstrLinkAndNotifiesInsteadOfPrinting() async throws {
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let alice = try home(server, includeContent: true)

        let saved = try alice.run(["save", "--quiet", "--tag", "Later", "linkstr://open?url=https%3A%2F%2Fexample.com%2Fvideo"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.isEmpty)
        #expect(try savedURLs(alice) == ["https://example.com/video"])
        let shown = try #require(server.notifications.last)
        #expect(shown["summary"] as? String == "Link saved")
        #expect(shown["body"] as? String == "https://example.com/video\ntags: later")
        // Other notifiers learn what it is about.
        let stdin = try String(contentsOfFile: scratch.file("record.sh") + ".stdin", encoding: .utf8)
        #expect(stdin.contains(#""kind":"saved""#), "\(stdin)")

        // Again, through a linkstr://save link opened as the desktop's handler opens it: it asks first.
        let opening = try openSaveLink(alice, "linkstr://save?url=https%3A%2F%2Fexample.com%2Fvideo&tag=film")
        #expect(await eventually(within: 15) { server.notifications.count == 2 }, "no question: \(opening.stderr)")
        let question = try #require(server.notifications.last)
        #expect(question["summary"] as? String == "linkstr: save this link?")
        #expect(question["body"] as? String == "https://example.com/video with tags film")
        #expect(question["actions"] as? [String] == ["allow", "Allow", "deny", "Deny"])
        try server.invoke("allow")
        #expect(try await opening.finish().isEmpty)
        #expect(server.notifications.count == 3)
        #expect(server.notifications.last?["body"] as? String == "https://example.com/video\nalready saved; tags: film, later")
    }

    /// `linkstr open --launch --quiet LINK`, as a program without a terminal runs it, left running.
    func openSaveLink(_ home: LinkstrHome, _ link: String) throws -> ExternalProcess {
        try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["open", "--launch", "--quiet", link, "--home", home.path],
            environment: ProcessRunner.linkstrEnvironment())
    }

    /// Any web page can open a linkstr://save link: "Deny" saves nothing, and so does a desktop
    /// with no notification server to ask on.
    @Test func aSaveLinkFromTheDesktopIsSavedOnlyOnceAllowed() async throws {
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let alice = try home(server, includeContent: true)
        let denied = try openSaveLink(alice, "linkstr://save?url=https%3A%2F%2Fexample.com%2Funwanted")
        #expect(await eventually(within: 15) { server.notifications.count == 1 }, "no question: \(denied.stderr)")
        try server.invoke("deny")
        _ = try await denied.finish()
        #expect(try savedURLs(alice).isEmpty)

        let bob = try LinkstrHome.create(scratch, "bob", relays: [], config: "notifiers = []\n")
        let unasked = try bob.run(["open", "--launch", "--quiet", "linkstr://save?url=https%3A%2F%2Fexample.com%2Fsilently"])
        #expect(unasked.status == 1)
        #expect(unasked.stderr.contains("saved only once you allow it in a desktop notification, and none was answered"), "\(unasked.stderr)")
        #expect(try savedURLs(bob).isEmpty)
    }

    /// The link comes from a web page: on the terminal its control characters are shown, not sent.
    @Test func theTerminalQuestionShowsControlCharactersInsteadOfSendingThem() throws {
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: [])
        let session = try TerminalSession.linkstr(
            ["open", "linkstr://save?url=https%3A%2F%2Fexample.com%2F%1B%5D0%3Bpwned%07&tag=a%1B%5B2Jb", "--home", alice.path],
            answers: [("[y/N]", "n")])
        #expect(session.screen.contains("Save https://example.com/\u{241B}]0;pwned\u{2407} with tags a\u{241B}[2Jb?"), "\(session.screen)")
        #expect(session.screen.contains("not saved"))
        #expect(!session.screen.contains("\u{1B}]0;pwned") && !session.screen.contains("\u{1B}[2J"), "\(session.screen.debugDescription)")
        #expect(try savedURLs(alice).isEmpty)
    }

    @Test func aFailedQuietSaveNotifiesWhyAndKeepsItsExitStatus() throws {
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let alice = try home(server, includeContent: true)

        let failed = try alice.run(["save", "--quiet", "--tag", "a,b", "https://example.com"])
        #expect(failed.status == 2)
        let shown = try #require(server.notifications.last)
        #expect(shown["summary"] as? String == "Link not saved")
        #expect(failed.stderr == "linkstr: \(shown["body"] as? String ?? "")\n")
        #expect(try savedURLs(alice).isEmpty)
    }

    @Test func withoutContentTheNotificationNamesNoLink() throws {
        defer { scratch.remove() }
        let server = try NotificationServer(in: scratch)
        defer { server.stop() }
        let alice = try home(server, includeContent: false)

        #expect(try alice.run(["save", "--quiet", "https://example.com/private"]).status == 0)
        let shown = try #require(server.notifications.last)
        #expect(shown["summary"] as? String == "linkstr" && shown["body"] as? String == "Link saved")
        // Without --quiet the terminal tells it, and no notification is sent.
        #expect(try alice.run(["save", "https://example.com/other"]).stdout == "saved https://example.com/other\n")
        #expect(server.notifications.count == 1)
    }
}
