import Foundation
import PluginTesting
import Testing

/// One `linkstr` identity for the end-to-end tests: a `--home` folder with an account (plain key
/// store) and a config.toml naming the relays; every command runs the built executable.
public struct LinkstrHome: Sendable {
    public let path: String
    public let pubkey: String
    public let npub: String
    public let nsec: String

    /// A new account in `scratch/name` that uses `relays`; `config` follows the relay list in its
    /// config.toml.
    public static func create(_ scratch: TestScratch, _ name: String, relays: [String], config: String = "") throws -> LinkstrHome {
        let path = prepare(scratch, name, relays: relays, config: config)
        try succeed(["account", "create", "--key-store", "plain", "--json", "--home", path])
        return try opened(path)
    }

    /// The same account in a fresh home `scratch/name` (`account import`), using `relays`.
    public func copy(_ scratch: TestScratch, _ name: String, relays: [String]) throws -> LinkstrHome {
        let path = Self.prepare(scratch, name, relays: relays, config: "")
        try Self.succeed(["account", "import", "-", "--key-store", "plain", "--json", "--home", path], stdin: nsec + "\n")
        return try Self.opened(path)
    }

    private static func prepare(_ scratch: TestScratch, _ name: String, relays: [String], config: String) -> String {
        let path = scratch.folder(name)
        scratch.write(name + "/config.toml", "relays = [" + relays.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n" + config)
        return path
    }

    private static func opened(_ path: String) throws -> LinkstrHome {
        let shown = try succeed(["account", "show", "--reveal-secret", "--json", "--home", path])
        let identity = try JSONDecoder().decode([String: String].self, from: Data(shown.stdout.utf8))
        return LinkstrHome(path: path, pubkey: identity["pubkey"]!, npub: identity["npub"]!, nsec: identity["nsec"]!)
    }

    @discardableResult
    private static func succeed(_ arguments: [String], stdin: String? = nil) throws -> ProcessRunner.Result {
        let result = try ProcessRunner.linkstr(arguments, stdin: stdin)
        guard result.status == 0 else { throw TestFailure("linkstr \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)") }
        return result
    }

    // MARK: Running commands

    /// `linkstr ARGUMENTS --home PATH` reading `stdin`, whatever its exit status; killed after 45 s (inside the
    /// suites' one-minute limits, so that a hung command names itself).
    public func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.linkstr(arguments + ["--home", path], stdin: stdin, timeout: 45)
    }

    /// `linkstr ARGUMENTS --json --home PATH`: it must exit 0; its stdout decoded as `T`.
    public func json<T: Decodable>(
        _ type: T.Type, _ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let result = try run(arguments + ["--json"], stdin: stdin)
        guard result.status == 0 else {
            Issue.record("linkstr \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
            throw TestFailure("linkstr \(arguments.joined(separator: " ")) exited \(result.status)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
        } catch {
            throw TestFailure("linkstr \(arguments.joined(separator: " ")) printed unexpected JSON (\(error)): \(result.stdout)")
        }
    }

    /// `linkstr ARGUMENTS --json`: exit 0 and exactly `{"ok":true}`.
    public func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answer = try json([String: Bool].self, arguments, sourceLocation: sourceLocation)
        #expect(answer == ["ok": true], sourceLocation: sourceLocation)
    }

    public func sync(sourceLocation: SourceLocation = #_sourceLocation) throws -> SyncCounts {
        try json(SyncCounts.self, ["sync", "--timeout", "10"], sourceLocation: sourceLocation)
    }

    public func feed(_ session: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [FeedPost] {
        try json([FeedPost].self, ["feed", session], sourceLocation: sourceLocation)
    }

    public func sessions(sourceLocation: SourceLocation = #_sourceLocation) throws -> [SessionRow] {
        try json([SessionRow].self, ["sessions"], sourceLocation: sourceLocation)
    }

    /// The raw `--json` output of `feed` and `sessions`, to compare homes byte for byte.
    public func state(_ session: String) throws -> String {
        let feed = try run(["feed", session, "--json"])
        let sessions = try run(["sessions", "--json"])
        guard feed.status == 0, sessions.status == 0 else { throw TestFailure("feed/sessions failed: \(feed.stderr) \(sessions.stderr)") }
        return feed.stdout + sessions.stdout
    }
}
