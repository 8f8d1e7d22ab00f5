import Foundation
import NostrCore
import PluginTesting
import Testing

/// docs/cli.md against the program: the same commands both ways, and every documented `--json`
/// shape is the keys the program prints (the commands that need one against a local relay).
@Suite("End to end: docs/cli.md is the program's command surface", .timeLimit(.minutes(2)))
struct CLIReferenceTests {
    @Test("every command of the program is in docs/cli.md, and every command there exists")
    func sameCommands() throws {
        let documented = Set(try CommandReference.load().rows.map(\.command))
        let (commands, groups) = try Self.programCommands()
        #expect(commands.count > 60, "the command tree was misread: \(commands.sorted())")
        #expect(commands.subtracting(documented).isEmpty, "commands missing from docs/cli.md: \(commands.subtracting(documented).sorted())")
        // A group with a default subcommand (`linkstr saved` is `saved list`) may have a row of its own.
        let unknown = documented.subtracting(commands).subtracting(groups)
        #expect(unknown.isEmpty, "docs/cli.md names commands the program lacks: \(unknown.sorted())")
    }

    @Test("every --json shape in docs/cli.md, and every line type of watch and signer serve, is the keys the program prints")
    func sameShapes() async throws {
        let reference = try CommandReference.load()
        try await Self.expectShapesWithoutRelays(reference)
        try await Self.expectShapesWithARelay(reference)
        let unchecked = reference.documentedShapes.subtracting(reference.checked.commands)
        #expect(unchecked.isEmpty, "docs/cli.md shapes no test compared with the program: \(unchecked.sorted())")
    }

    /// The commands that run in a home without relays.
    private static func expectShapesWithoutRelays(_ reference: CommandReference) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let server = try await Self.mediaSite(scratch)
        defer { server.process.stop() }
        let home = try LinkstrHome.create(
            scratch, "alice", relays: ["ws://127.0.0.1:9"],
            config: """
                notifiers = ["org.linkstr.notify.command"]
                [plugins."org.linkstr.notify.command"]
                command = ["/bin/true"]
                \(Self.localMedia)
                """)
        let link = "https://example.com/a"
        let units = scratch.folder("units"), applications = scratch.folder("applications"), browser = scratch.folder("chromium")
        let runs: [(command: String, arguments: [String])] = [
            ("account show", ["account", "show"]),
            ("account show", ["account", "show", "--reveal-secret"]),
            ("whoami", ["whoami"]),
            ("relay add", ["relay", "add", "ws://127.0.0.1:10"]),
            ("relay list", ["relay", "list"]),
            ("relay disable", ["relay", "disable", "ws://127.0.0.1:10"]),
            ("relay enable", ["relay", "enable", "ws://127.0.0.1:10"]),
            ("relay remove", ["relay", "remove", "ws://127.0.0.1:10"]),
            ("relay reset", ["relay", "reset"]),
            ("config", ["config"]),
            ("plugins", ["plugins"]),
            ("plugins list", ["plugins", "list"]),
            ("plugins check", ["plugins", "check", BuildProducts.plugin("media-generic")]),
            ("plugins validate", ["plugins", "validate", BuildProducts.plugin("notify-command"), "--set", "command=[\"/bin/true\"]"]),
            ("plugins conformance", ["plugins", "conformance", BuildProducts.plugin("memory")]),
            ("media classify", ["media", "classify", "https://youtu.be/dQw4w9WgXcQ"]),
            ("open", ["open", "linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ"]),
            ("open", ["open", "linkstr://save?url=https%3A%2F%2Fexample.com%2Fsaved&tag=read"]),
            ("media metadata", ["media", "metadata", server.url("page.html")]),
            ("media resolve", ["media", "resolve", server.url("page.html")]),
            ("media fetch", ["media", "fetch", server.url("clip.mp4")]),
            ("media clear-cache", ["media", "clear-cache"]),
            ("profile add", ["profile", "add", "Bob", "--key-store", "plain"]),
            ("profile rename", ["profile", "rename", "Bob", "Robert"]),
            ("profile list", ["profile", "list"]),
            ("profile remove", ["profile", "remove", "Robert", "--yes"]),
            ("profile import", ["profile", "import", "Carol", scratch.write("carol.nsec", SecretKey.generate().nsec + "\n"), "--key-store", "plain"]),
            ("profile use", ["profile", "use", "Carol"]),
            ("profile backup", ["profile", "backup", "Carol", "--output", scratch.file("carol.ncryptsec"), "--passphrase-stdin"]),
            ("saved import", ["saved", "import", scratch.write("bookmarks.html", "<A HREF=\"https://example.com/b\">B</A>\n")]),
            ("notify test", ["notify", "test"]),
            ("save", ["save", link, "--tag", "x"]),
            ("saved", ["saved"]),
            ("saved list", ["saved", "list", "--tag", "x"]),
            ("tag", ["tag", link, "--add", "y"]),
            ("tags", ["tags"]),
            ("unsave", ["unsave", link]),
            ("restore", ["restore", link]),
            ("saved sync", ["saved", "sync", "--status"]),
            ("service install", ["service", "install", "--unit-dir", units]),
            ("service uninstall", ["service", "uninstall", "--unit-dir", units]),
            ("desktop install", ["desktop", "install", "--applications-dir", applications, "--no-register"]),
            ("desktop uninstall", ["desktop", "uninstall", "--applications-dir", applications]),
            ("browser install", ["browser", "install", "--chromium", "--user-data-dir", browser]),
            ("browser uninstall", ["browser", "uninstall", "--chromium", "--user-data-dir", browser]),
            ("app selftest", ["app", "selftest"]),
            // Last: from here on the keys need the passphrase.
            ("profile passphrase", ["profile", "passphrase", "--passphrase-stdin"]),
            ("unlock", ["unlock", "--passphrase-stdin"]),
            ("lock", ["lock"]),
        ]
        // The passphrase of `profile backup`, `profile passphrase` and `unlock`.
        defer { HomeUnlockAgent.stop(home.path) }
        try Self.expectShapes(reference, home, runs, stdin: "correct horse\n")

        // `app` and `app open LINK` print their address as their first line, then serve until stopped.
        let apps = [
            ("app", ["app", "--no-browser", "--json", "--home", home.path]),
            ("app open", ["app", "open", "linkstr://open?url=https%3A%2F%2Fexample.com%2F", "--no-browser", "--json", "--home", home.path]),
        ]
        for (name, command) in apps {
            CommandLog.current?.record(command)
            let app = try ExternalProcess(executable: BuildProducts.linkstrExecutable, command, environment: ProcessRunner.linkstrEnvironment())
            defer { app.stop() }
            #expect(await eventually(within: 20) { app.stdout.contains("\n") }, "\(name): \(app.stderr)")
            reference.expectShape(of: name, printed: String(app.stdout.prefix { $0 != "\n" }))
        }
    }

    /// A local site for the media commands: `page.html` and a one-second video, `clip.mp4`.
    static func mediaSite(_ scratch: TestScratch) async throws -> StaticSite {
        let site = scratch.folder("site")
        _ = scratch.write("site/page.html", "<!doctype html><html><head><title>A page</title></head><body>hello</body></html>\n")
        let encoded = try ProcessRunner.run(
            "/usr/bin/env", ["ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-t", "1",
                             "-pix_fmt", "yuv420p", site + "/clip.mp4"], timeout: 30)
        guard encoded.status == 0 else { throw TestFailure("ffmpeg: \(encoded.stderr)") }
        return try await StaticSite.serve(site)
    }

    /// The config.toml lines that let the generic media plugin fetch from that site (on 127.0.0.1).
    static let localMedia = """
        [plugins."org.linkstr.media.generic"]
        allow_private_addresses = "loopback"
        ytdlp = "\(ExternalProcess.packageRoot)/.venv/bin/yt-dlp"

        """

    /// Runs each command with `--json` in `home` (stdin: `stdin`) and expects what it printed to
    /// have the keys of its documented shape.
    static func expectShapes(
        _ reference: CommandReference, _ home: LinkstrHome, _ runs: [(command: String, arguments: [String])], stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (command, arguments) in runs {
            let result = try home.run(arguments + ["--json"], stdin: stdin)
            guard result.status == 0 else {
                Issue.record("linkstr \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
                continue
            }
            reference.expectShape(of: command, printed: result.stdout, sourceLocation: sourceLocation)
        }
    }

    /// The command paths of the built program's command tree: the commands ("relay add", "sessions")
    /// and the groups of subcommands ("relay").
    private static func programCommands() throws -> (commands: Set<String>, groups: Set<String>) {
        let dump = try ProcessRunner.linkstr(["--experimental-dump-help"])
        guard dump.status == 0, let tree = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any],
            let root = tree["command"] as? [String: Any]
        else { throw TestFailure("linkstr --experimental-dump-help failed: \(dump.stderr)") }
        var commands = Set<String>(), groups = Set<String>()
        func walk(_ command: [String: Any], _ path: [String]) {
            let children = command["subcommands"] as? [[String: Any]] ?? []
            if !path.isEmpty, path != ["help"] {
                if children.isEmpty { commands.insert(path.joined(separator: " ")) } else { groups.insert(path.joined(separator: " ")) }
            }
            for child in children { walk(child, path + [child["commandName"] as? String ?? "?"]) }
        }
        walk(root, [])
        return (commands, groups)
    }
}
