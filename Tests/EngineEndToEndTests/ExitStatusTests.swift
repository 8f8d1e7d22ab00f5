import Foundation
import Testing

/// The exit statuses of cli.md, through the built executable: 2 bad input, 3 no account, 4 storage
/// that cannot be opened; one sentence on stderr, nothing on stdout.
@Suite("End to end: exit statuses", .timeLimit(.minutes(1)))
struct ExitStatusTests {
    private func expectFailure(
        _ result: ProcessRunner.Result, _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("linkstr: ") && result.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("bad input exits 2: unknown session, invalid URL, invalid npub, unknown post")
    func badInput() async throws {
        let world = try await TestWorld.start("alice")
        defer { world.stop() }
        let alice = world.homes[0]
        let session = try alice.json(SessionMembers.self, ["session", "create", "Solo"]).id
        let badNpub = "npub1" + String(repeating: "q", count: 58)

        expectFailure(try alice.run(["post", "Nowhere", "https://example.com", "--json"]), 2, "no session named or with id 'Nowhere'")
        expectFailure(try alice.run(["feed", "Nowhere", "--json"]), 2, "no session named or with id 'Nowhere'")
        expectFailure(try alice.run(["session", "archive", "Nowhere", "--json"]), 2, "no session named or with id 'Nowhere'")
        expectFailure(try alice.run(["post", session, "ftp://example.com/file", "--json"]), 2, "'ftp://example.com/file' is a ftp: URL; only http and https links can be shared")
        expectFailure(try alice.run(["post", session, "javascript:alert(1)", "--json"]), 2, "is a javascript: URL; only http and https links can be shared")
        expectFailure(try alice.run(["post", session, "https://", "--json"]), 2, "'https://' has no host")
        expectFailure(try alice.run(["session", "create", "Pair", "--member", badNpub, "--json"]), 2, "is not a valid npub")
        expectFailure(try alice.run(["session", "members", session, "--add", "npub1notakey", "--json"]), 2, "is not a valid npub")
        expectFailure(try alice.run(["session", "create", "Pair", "--member", "not-a-person"]), 2, "is not an npub, a hex public key or a contact alias")
        expectFailure(try alice.run(["react", session, "0123456789abcdef", "👍"]), 2, "no post 0123456789abcdef in session")
        expectFailure(try alice.run(["delete", session, "xyz"]), 2, "is not a post id")
        // Nothing of that reached the account.
        #expect(try alice.sessions().map(\.name) == ["Solo"])
        #expect(try alice.feed(session).isEmpty)
    }

    @Test("no account exits 3, for every command that needs one")
    func noAccount() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = scratch.folder("nobody")
        scratch.write("nobody/config.toml", "relays = [\"ws://127.0.0.1:9\"]\n")
        for arguments in [
            ["sessions"], ["feed", "Solo"], ["post", "Solo", "https://example.com"], ["sync"], ["session", "create", "Solo"], ["watch"],
            ["account", "show"],
        ] {
            let result = try ProcessRunner.linkstr(arguments + ["--json", "--home", home])
            expectFailure(result, 3, "no account here; create one with `linkstr account create` or `linkstr account import`")
        }
    }

    @Test("storage that cannot be opened exits 4 and names the file; --storage memory still works", arguments: ["a directory", "garbage"])
    func storageCannotBeOpened(what: String) throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let alice = try LinkstrHome.create(scratch, "alice", relays: ["ws://127.0.0.1:9"])
        let database = alice.path + "/data/linkstr.sqlite"
        try? FileManager.default.removeItem(atPath: database)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        if what == "a directory" {
            try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)
        } else {
            try garbage.write(to: URL(fileURLWithPath: database))
        }
        for arguments in [["sessions"], ["feed", "Solo"], ["sync"], ["relay", "list"]] {
            let result = try alice.run(arguments + ["--json"])
            expectFailure(result, 4, "cannot open storage: SQLite \(database)")
            #expect(result.stderr.contains("--storage memory"))
        }
        // The broken file is left as it was.
        if what == "garbage" { #expect(FileManager.default.contents(atPath: database) == garbage) }

        // The same commands with memory storage: the account (a key file) is there, the data is not.
        let sessions = try alice.run(["sessions", "--json", "--storage", "memory"])
        #expect(sessions.status == 0)
        #expect(sessions.stdout == "[]\n")
        let relays = try alice.run(["relay", "list", "--json", "--storage", "memory"])
        #expect(relays.status == 0)
        #expect(relays.stdout.contains("ws://127.0.0.1:9"))
        let account = try alice.json([String: String].self, ["account", "show", "--storage", "memory"])
        #expect(account["pubkey"] == alice.pubkey)
    }
}
