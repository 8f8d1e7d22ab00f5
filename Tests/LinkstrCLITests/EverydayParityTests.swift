import Foundation
import NostrCore
import PluginTesting
import Testing

/// Everyday command-line output that trips people up, each checked as a user sees it: the built
/// program, a fresh home, a real relay where the command talks to one.
@Suite(.timeLimit(.minutes(1))) struct EverydayParityTests {
    let scratch = TestScratch()
    let nsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"

    func linkstr(_ arguments: [String], _ home: String, environment: [String: String] = [:], stdin: String? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.linkstr(arguments + ["--home", home], environment: environment, stdin: stdin)
    }

    @Test func thePassphrasePromptNamesTheProfileAndAMistypedOneGetsASecondTry() throws {
        defer { scratch.remove() }
        let home = scratch.path
        let imported = try linkstr(
            ["profile", "import", "me", "-", "--key-store", "ncryptsec"], home,
            environment: ["LINKSTR_PASSPHRASE_FILE": scratch.write("pass", "correct horse\n")], stdin: nsec + "\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        let session = try TerminalSession.linkstr(
            ["account", "show", "--reveal-secret", "--home", home],
            answers: [("passphrase of profile 'me': ", "correct hrose"), ("wrong passphrase; passphrase of profile 'me' again: ", "correct horse")])
        #expect(session.status == 0, "\(session.screen)")
        #expect(session.screen.contains(nsec))
        let twice = try TerminalSession.linkstr(
            ["account", "show", "--reveal-secret", "--home", home],
            answers: [("passphrase of profile 'me': ", "one"), ("again: ", "two")])
        #expect(twice.status == 1)
        #expect(twice.screen.contains("cannot unlock profile 'me': wrong passphrase (for "), "\(twice.screen)")
        #expect(!twice.screen.contains("altered"))
    }

    @Test func aNewProfileUsesTheHomesKeyStoreAndARefusalHasNoWarning() throws {
        defer { scratch.remove() }
        let home = scratch.path
        #expect(try linkstr(["account", "create", "--key-store", "plain", "--name", "bot"], home).status == 0)
        // No terminal, no passphrase anywhere: the plain home's second profile is plain too.
        let added = try ProcessRunner.run(
            "/usr/bin/setsid", ["--wait", BuildProducts.linkstrExecutable, "profile", "add", "work", "--home", home],
            environment: ["PATH": "/usr/bin:/bin", "HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.isEmpty, "no warning for a store the user did not choose: \(added.stderr)")
        #expect(ProfileKeyFile.paths(home: home, name: "key.nsec").count == 2)
        let refused = try linkstr(["profile", "add", "work", "--key-store", "plain"], home)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr == "linkstr: there is already a profile named 'work'; choose another name\n")
    }

    @Test func savedWithATagThatMatchesNothingSaysSo() throws {
        defer { scratch.remove() }
        let home = scratch.path
        #expect(try linkstr(["account", "create", "--key-store", "plain"], home).status == 0)
        #expect(try linkstr(["saved"], home).stdout == "no saved links — save one with `linkstr save URL --tag T`\n")
        #expect(try linkstr(["save", "https://example.com/go", "--tag", "go"], home).status == 0)
        #expect(try linkstr(["saved", "--tag", "swift"], home).stdout == "none tagged swift\n")
        #expect(try linkstr(["saved", "--tag", "go", "--tag", "swift"], home).stdout == "none tagged go and swift\n")
        #expect(try linkstr(["saved", "--search", "rust"], home).stdout == "none matching \"rust\"\n")
        #expect(try linkstr(["saved", "--tag", "go"], home).stdout.contains("https://example.com/go"))
    }

    @Test func aMistypedCommandGetsTheNearestOne() throws {
        defer { scratch.remove() }
        let typo = try linkstr(["sesions"], scratch.path)
        #expect(typo.status == 2)
        #expect(typo.stderr == "linkstr: unknown command 'sesions'; did you mean `linkstr sessions`?\n")
        let nested = try linkstr(["session", "renmae", "a", "b"], scratch.path)
        #expect(nested.status == 2 && nested.stderr == "linkstr: unknown command 'renmae'; did you mean `linkstr session rename`?\n", "\(nested.stderr)")
        let far = try linkstr(["xyzzy"], scratch.path)
        #expect(far.status == 2 && far.stderr == "linkstr: unknown command 'xyzzy'; `linkstr --help` lists the commands\n")
    }

    @Test func aContactAliasTakenInAnotherCaseIsRefusedBeforeAnythingIsPublished() async throws {
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let (bobKey, otherKey) = (Keypair.generate().publicKey, Keypair.generate().publicKey)
        let (bob, other) = (bobKey.npub, otherKey.npub)
        #expect(try alice.run(["contact", "add", bob, "--alias", "Bob"]).status == 0)
        let clash = try alice.run(["contact", "add", other, "--alias", "bob"])
        #expect(clash.status == 2)
        #expect(clash.stderr == "linkstr: 'Bob' is already the alias of \(bob); choose another alias\n", "\(clash.stderr)")
        let listed = try alice.run(["contact", "list", "--json"]).stdout
        #expect(!listed.contains(otherKey.hex), "the refused contact was not followed")
        #expect(try alice.run(["contact", "add", other, "--alias", "Robert"]).status == 0)
        #expect(try alice.run(["contact", "alias", other, "BOB"]).status == 2)
    }

    @Test func feedCountsTheWholeSessionsUnreadAndSessionsShowsARemovalAndTheLogoutShrinksTheFile() async throws {
        defer { scratch.remove() }
        let relay = try await TestRelay.start(.rust, scratch: scratch)
        let alice = try LinkstrHome.create(scratch, "alice", relays: [relay.url])
        let bob = try LinkstrHome.create(scratch, "bob", relays: [relay.url])
        let session = try alice.json(SessionMembers.self, ["session", "create", "Links", "--member", bob.npub]).id
        _ = try bob.sync()
        _ = try alice.sync()  // the first sync restores history as read
        for index in 0..<3 { _ = try bob.json(SentPost.self, ["post", session, "https://example.com/\(index)"]) }
        _ = try alice.sync()
        let limited = try alice.run(["feed", "Links", "--limit", "1"])
        #expect(limited.stdout.hasPrefix("Links · 2 members · 3 unread\n"), "\(limited.stdout)")

        _ = try alice.json(SessionMembers.self, ["session", "members", session, "--remove", bob.npub])
        _ = try bob.sync()
        let rows = try bob.run(["sessions"]).stdout
        #expect(rows.contains("Links") && rows.hasSuffix("  removed\n"), "\(rows)")
        #expect(try bob.run(["sessions", "--json"]).stdout.contains(#""removed":true"#))
        #expect(try alice.run(["sessions", "--json"]).stdout.contains(#""removed":false"#))
    }

    @Test func logoutClearingTheDataGivesTheSpaceBack() throws {
        defer { scratch.remove() }
        let home = scratch.path
        #expect(try linkstr(["account", "create", "--key-store", "plain"], home).status == 0)
        var bookmarks = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        for index in 0..<3_000 {
            bookmarks += "<DT><A HREF=\"https://example.com/\(index)/\(String(repeating: "x", count: 200))\" ADD_DATE=\"1700000000\" TAGS=\"t\(index % 7)\">Page \(index)</A>\n"
        }
        let file = scratch.write("bookmarks.html", bookmarks + "</DL><p>\n")
        let imported = try linkstr(["saved", "import", file], home)
        #expect(imported.status == 0, "\(imported.stderr)")
        let database = home + "/data/linkstr.sqlite"
        let before = try #require(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int)
        #expect(before > 1_000_000, "the import grew the file: \(before) bytes")
        let cleared = try linkstr(["account", "logout", "--clear-data", "--yes"], home)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let after = try #require(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int)
        #expect(after < before / 4, "VACUUM gave the pages back: \(before) → \(after) bytes")
    }
}

extension EverydayParityTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func theUnlockAgentRemovesItsSocketWhenStopped(signal: Int32) async throws {
        // A short runtime folder: a socket path has at most 107 bytes, and the scratch path is long.
        let runtime = "/tmp/lk-" + String(UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer {
            scratch.remove()
            try? FileManager.default.removeItem(atPath: runtime)
        }
        let home = scratch.folder("home")
        #expect(try linkstr(["account", "create", "--key-store", "plain"], home).status == 0)
        let agent = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable, ["agent", "--home", home],
            environment: ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_RUNTIME_DIR": runtime])
        let socket = { (try? FileManager.default.contentsOfDirectory(atPath: runtime + "/linkstr"))?.first { $0.hasSuffix(".sock") } }
        #expect(await eventually { socket() != nil }, "the agent listens: \(agent.stderr)")
        agent.signal(signal)
        #expect(await eventually(within: 20) { !agent.isRunning })
        #expect(agent.exit == .exited(0), "\(agent.stderr)")
        #expect(socket() == nil, "the socket is gone")
    }
}
