import Foundation
import PluginTesting
import Testing

/// The human output of `sessions` and `feed` against golden files (Fixtures/golden), with colour
/// off and on. Run with LINKSTR_UPDATE_GOLDEN=1 to rewrite the files from the current output
/// (then review the diff).
@Suite struct HumanOutputTests {
    static let fixtures = String(#filePath.dropLast("HumanOutput/HumanOutputTests.swift".count)) + "Fixtures/golden"

    private func linkstr(_ arguments: [String], home: GoldenHome, color: Bool, extra: [String: String] = [:]) throws -> ProcessRunner.Result {
        var environment = ["LINKSTR_NOW": String(GoldenHome.now), "LINKSTR_COLOR": color ? "always" : "never"]
        environment.merge(extra) { $1 }
        return try ProcessRunner.linkstr(arguments + ["--home", home.path], environment: environment)
    }

    /// Compares `output` with the golden file `name` (escape characters written as `\e`).
    private func expectGolden(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let visible = output.replacingOccurrences(of: "\u{1B}", with: "\\e")
        let path = Self.fixtures + "/" + name
        if ProcessInfo.processInfo.environment["LINKSTR_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.fixtures, withIntermediateDirectories: true)
            try visible.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(visible == expected, "\(name) differs; got:\n\(visible)", sourceLocation: sourceLocation)
    }

    @Test func sessionsAndFeedMatchTheGoldenFiles() async throws {
        let home = try await GoldenHome()
        defer { home.remove() }
        for color in [false, true] {
            let suffix = color ? ".color.txt" : ".txt"
            let sessions = try linkstr(["sessions"], home: home, color: color)
            #expect(sessions.status == 0, "\(sessions.stderr)")
            try expectGolden(sessions.stdout, "sessions" + suffix)
            let archived = try linkstr(["sessions", "--archived"], home: home, color: color)
            try expectGolden(archived.stdout, "sessions-archived" + suffix)
            let feed = try linkstr(["feed", "weekend videos"], home: home, color: color)
            #expect(feed.status == 0, "\(feed.stderr)")
            try expectGolden(feed.stdout, "feed" + suffix)
        }
    }

    @Test func colourFollowsNoColorAndTheTerminal() async throws {
        let home = try await GoldenHome()
        defer { home.remove() }
        // Not a terminal (a pipe) and nothing forced: no escape sequences at all.
        let piped = try ProcessRunner.linkstr(["feed", "Weekend videos", "--home", home.path], environment: ["LINKSTR_NOW": String(GoldenHome.now)])
        #expect(piped.status == 0 && !piped.stdout.contains("\u{1B}"))
        let noColor = try linkstr(["sessions"], home: home, color: false, extra: ["NO_COLOR": "1", "LINKSTR_COLOR": ""])
        #expect(!noColor.stdout.contains("\u{1B}"))
        // The 24-bit Tokyo Night blue of the unread marker.
        let colored = try linkstr(["sessions"], home: home, color: true)
        #expect(colored.stdout.contains("\u{1B}[38;2;122;162;247m●"))
    }

    @Test func jsonOutputIsUnchanged() async throws {
        let home = try await GoldenHome()
        defer { home.remove() }
        let sessions = try linkstr(["sessions", "--json"], home: home, color: true)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(sessions.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 3)
        #expect(Set(list[0].keys) == ["id", "name", "shared_name", "creator", "members", "unread", "archived", "removed", "updated_at"])
        #expect(!sessions.stdout.contains("\u{1B}"))
        let feed = try linkstr(["feed", "Weekend videos", "--json"], home: home, color: true)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(feed.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 5)
        let reactions = try #require(items[0]["reactions"] as? [String: [String]])
        #expect(reactions["🔥"]?.count == 12)
        #expect(items[0]["title"] as? String == "Rick Astley - Never Gonna Give You Up (Official Music Video)")
    }

    @Test func bootStepsShowOnATerminalOnly() async throws {
        let home = try await GoldenHome()
        defer { home.remove() }
        // Nothing listens on port 9 of 127.0.0.1 (discard): the connection is refused, and the sync
        // fails at once instead of waiting out --timeout.
        try "relays = [\"ws://127.0.0.1:9\"]\n".write(toFile: home.path + "/config.toml", atomically: true, encoding: .utf8)
        let arguments = ["sync", "--timeout", "1", "--home", home.path]
        let piped = try ProcessRunner.linkstr(arguments)
        #expect(piped.status == 1)
        #expect(!piped.stderr.contains("loading account") && !piped.stderr.contains("\r"), "\(piped.stderr)")

        // On a terminal (util-linux `script` gives it a pseudo-terminal): the steps, and the one
        // that failed with how long it took.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let command = ([BuildProducts.linkstrExecutable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let terminal = try ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm", "NO_COLOR": "1"])
        #expect(terminal.status == 1)
        // The step names the relays it waits for.
        for step in ["loading account…", "preparing local data…", "connecting relays (ws://127.0.0.1:9)…"] {
            #expect(terminal.stdout.contains(step), "\(terminal.stdout)")
        }
        #expect(terminal.stdout.contains("connecting relays (ws://127.0.0.1:9)… failed after "), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("linkstr: couldn't reach any relay; try again (ws://127.0.0.1:9: "), "\(terminal.stdout)")
    }
}
