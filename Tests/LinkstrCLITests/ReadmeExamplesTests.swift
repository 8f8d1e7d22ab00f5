import Foundation
import LinkstrHost
import LinkstrRuntime
import PluginTesting
import Testing
import TestSupport

/// The shell examples of README.md and of every page under docs/, run as written, so that an example
/// cannot drift from the program.
///
/// Every ```sh block carries a marker on the line above it: `<!-- example: run -->` or
/// `<!-- example: not run (why) -->`. A block that runs is run line by line with bash in a fresh
/// home folder (`HOME`), from a folder that looks like the source checkout (`Sources`, `Plugins`,
/// `Tests`, `examples`, `bindings`, and `.build/release` for this build), with this build's `linkstr`
/// first on the `PATH`.
/// Each line must exit 0, or the status its comment names as `(exit N)`; a `# {…}` comment under a
/// line is the JSON it prints. `wss://relay.example.com` is a relay on 127.0.0.1, and every home the
/// examples make starts with a second local relay as its relay list, so no example reaches the
/// network. Placeholders the reader fills in from earlier output (`npub1bob…`, a post id prefix) are
/// filled in from this run's output.
@Suite(.serialized) struct ReadmeExamplesTests {
    struct Block {
        /// The document's path in the repository ("README.md", "docs/guide/backups.md").
        var file: String
        var line: Int
        var marker: String?
        var lines: [String]

        var location: String { "\(file):\(line)" }
        /// A name for the block's scratch folders, unique across documents.
        var folderName: String { file.replacingOccurrences(of: "/", with: "-") + "-\(line)" }
    }

    /// README.md and the Markdown pages of docs/, as paths in the repository.
    static func documents() -> [String] {
        let root = ExternalProcess.packageRoot
        let pages = FileManager.default.enumerator(atPath: root + "/docs")?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
        return ["README.md"] + pages.sorted().map { "docs/" + $0 }
    }

    /// The fenced blocks of `language` in every document.
    static func blocks(_ language: String = "sh") throws -> [Block] {
        try documents().flatMap { try blocks(language, in: $0) }
    }

    static func blocks(_ language: String, in file: String) throws -> [Block] {
        let lines = try String(contentsOfFile: ExternalProcess.packageRoot + "/" + file, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```" + language else {
                index += 1
                continue
            }
            let previous = index > 0 ? lines[index - 1] : ""
            let marker = previous.hasPrefix("<!-- example: ") ? String(previous.dropFirst(14).dropLast(4)) : nil
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append(Block(file: file, line: index - body.count, marker: marker, lines: body))
        }
        return blocks
    }

    @Test func everyShellBlockSaysWhetherItRuns() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 10)
        for block in blocks {
            let marker = block.marker ?? ""
            #expect(
                marker == "run" || (marker.hasPrefix("not run (") && marker.hasSuffix(")")),
                "\(block.location): a ```sh block needs <!-- example: run --> or <!-- example: not run (why) --> above it")
        }
    }

    /// Every configuration example is a config.toml this linkstr reads (no unknown or mistyped setting).
    @Test func everyConfigurationExampleReads() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let blocks = try Self.blocks("toml")
        #expect(blocks.count >= 5)
        for block in blocks {
            let file = scratch.write("config-\(block.folderName).toml", block.lines.joined(separator: "\n") + "\n")
            #expect(throws: Never.self, "\(block.location)") { _ = try RuntimeSettings.load(path: file) }
        }
    }

    @Test func theRunnableBlocksRunAsWritten() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let shared = try await TestRelay.start(.rust, scratch: scratch)
        defer { shared.process.stop() }
        let base = try await TestRelay.start(.rust, scratch: scratch)
        defer { base.process.stop() }
        let runnable = try Self.blocks().filter { $0.marker == "run" }
        #expect(runnable.count >= 5)
        for block in runnable {
            let runner = try BlockRunner(scratch: scratch, block: block, sharedRelay: shared.url, baseRelay: base.url)
            try runner.run()
        }
    }
}

/// Runs one README block in its own home folder and working folder.
struct BlockRunner {
    let block: ReadmeExamplesTests.Block
    let home: String
    let work: String
    let sharedRelay: String
    let baseRelay: String
    let environment: [String: String]

    init(scratch: TestScratch, block: ReadmeExamplesTests.Block, sharedRelay: String, baseRelay: String) throws {
        self.block = block
        self.sharedRelay = sharedRelay
        self.baseRelay = baseRelay
        home = scratch.folder("home-\(block.folderName)")
        work = scratch.folder("work-\(block.folderName)")
        let files = FileManager.default
        for name in ["Sources", "Plugins", "Tests", "examples", "bindings"] {
            try files.createSymbolicLink(atPath: work + "/" + name, withDestinationPath: ExternalProcess.packageRoot + "/" + name)
        }
        try files.createDirectory(atPath: work + "/.build", withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: work + "/.build/release", withDestinationPath: BuildProducts.directory)
        // What the reader has at hand: a backup of a key, a passphrase for the key file.
        _ = scratch.write("work-\(block.folderName)/backup.nsec", "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5\n")
        let passphrase = scratch.write("passphrase-\(block.folderName)", "correct horse\n")
        // The homes the examples name, and the default one, use a local relay: nothing leaves 127.0.0.1.
        for folder in [home + "/alice", home + "/bob", home + "/.config/linkstr"] {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "relays = [\"\(baseRelay)\"]\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        }
        environment = [
            "HOME": home, "PATH": BuildProducts.directory + ":/usr/local/bin:/usr/bin:/bin", "LINKSTR_PASSPHRASE_FILE": passphrase,
            "LINKSTR_COLOR": "never", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1",
        ]
    }

    /// The block's commands: continuation lines joined, comment lines attached to the command above
    /// them as its expected JSON.
    var commands: [(line: String, comment: String, expectedJSON: String)] {
        var commands: [(line: String, comment: String, expectedJSON: String)] = []
        var pending = ""
        for raw in block.lines {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#") {
                if !commands.isEmpty, text.hasPrefix("# {") || text.hasPrefix("#  ") { commands[commands.count - 1].expectedJSON += text.dropFirst(1) }
                continue
            }
            if text.hasSuffix("\\") {
                pending += text.dropLast() + " "
                continue
            }
            let full = pending + text
            pending = ""
            guard !full.isEmpty else { continue }
            let comment = full.range(of: #"\s{2,}#\s.*$"#, options: .regularExpression)
            commands.append((comment.map { String(full[..<$0.lowerBound]) } ?? full, comment.map { String(full[$0]) } ?? "", ""))
        }
        return commands
    }

    func run() throws {
        for command in commands {
            let line = try fillIn(command.line)
            let expectedStatus = command.comment.firstMatch(of: /\(exit (\d)\)/).flatMap { Int32($0.1) } ?? 0
            // A command that stays connected runs for a few seconds, then stops as with Ctrl-C.
            let script = command.comment.contains("stays connected") ? "timeout --preserve-status -s INT 4 \(line)" : line
            let result = try ProcessRunner.run("/bin/bash", ["-c", "cd \"$1\" && " + script, "bash", work], environment: environment, timeout: 60)
            let location = "\(block.location): \(command.line)"
            #expect(result.status == expectedStatus, "\(location) exited \(result.status): \(result.stderr)")
            if !command.expectedJSON.isEmpty {
                let printed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary
                let expected = try JSONSerialization.jsonObject(with: Data(command.expectedJSON.utf8)) as? NSDictionary
                #expect(printed == expected, "\(location) printed \(result.stdout)")
            }
        }
    }

    /// The placeholders a reader fills in from what earlier commands printed.
    private func fillIn(_ line: String) throws -> String {
        var line = line.replacingOccurrences(of: "wss://relay.example.com", with: sharedRelay)
        if line.contains("npub1bob…") {
            line = line.replacingOccurrences(of: "npub1bob…", with: try json(["account", "show", "--json", "--home", home + "/bob"])["npub"] as? String ?? "")
        }
        if line.contains("3f2a9c1e") {
            let feed = try JSONSerialization.jsonObject(with: Data(try linkstr(["feed", "Weekend videos", "--json", "--home", home + "/bob"]).utf8))
            let id = ((feed as? [[String: Any]])?.last?["id"] as? String) ?? ""
            line = line.replacingOccurrences(of: "3f2a9c1e", with: String(id.prefix(8)))
        }
        return line
    }

    private func linkstr(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(BuildProducts.linkstrExecutable, arguments, environment: environment, timeout: 60)
        guard result.status == 0 else { throw TestFailure("linkstr \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)") }
        return result.stdout
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try linkstr(arguments).utf8)) as? [String: Any] ?? [:]
    }
}
