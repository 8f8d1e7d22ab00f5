import Foundation
import PluginTesting
import Testing

/// docs/cli.md against the program: the same commands both ways, and the `--json` shapes of the
/// commands that run in a home without relays are the keys the program prints.
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

    @Test("the --json shapes in docs/cli.md are the keys the program prints")
    func sameShapes() throws {
        let reference = try CommandReference.load()
        let scratch = TestScratch()
        defer { scratch.remove() }
        let home = try LinkstrHome.create(scratch, "alice", relays: ["ws://127.0.0.1:9"])
        let link = "https://example.com/a"
        let units = scratch.folder("units"), applications = scratch.folder("applications"), browser = scratch.folder("chromium")
        let runs: [(command: String, arguments: [String])] = [
            ("account show", ["account", "show"]),
            ("whoami", ["whoami"]),
            ("relay add", ["relay", "add", "ws://127.0.0.1:10"]),
            ("relay list", ["relay", "list"]),
            ("relay disable", ["relay", "disable", "ws://127.0.0.1:10"]),
            ("relay enable", ["relay", "enable", "ws://127.0.0.1:10"]),
            ("relay remove", ["relay", "remove", "ws://127.0.0.1:10"]),
            ("relay reset", ["relay", "reset"]),
            ("config", ["config"]),
            ("plugins", ["plugins"]),
            ("plugins check", ["plugins", "check", BuildProducts.plugin("media-generic")]),
            ("media classify", ["media", "classify", "https://youtu.be/dQw4w9WgXcQ"]),
            ("media clear-cache", ["media", "clear-cache"]),
            ("profile add", ["profile", "add", "Bob", "--key-store", "plain"]),
            ("profile rename", ["profile", "rename", "Bob", "Robert"]),
            ("profile list", ["profile", "list"]),
            ("profile remove", ["profile", "remove", "Robert", "--yes"]),
            ("save", ["save", link, "--tag", "x"]),
            ("saved", ["saved"]),
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
        ]
        for (command, arguments) in runs {
            guard let shape = reference.shape(of: command) else {
                Issue.record("docs/cli.md gives no shape for `linkstr \(command)`")
                continue
            }
            let result = try home.run(arguments + ["--json"])
            guard result.status == 0 else {
                Issue.record("linkstr \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
                continue
            }
            let printed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let objects = (printed as? [[String: Any]]) ?? [printed as? [String: Any]].compactMap { $0 }
            #expect(!objects.isEmpty, "linkstr \(command) printed no object to compare: \(result.stdout)")
            for object in objects {
                let keys = Set(object.keys)
                #expect(
                    shape.required.isSubset(of: keys) && keys.isSubset(of: shape.required.union(shape.optional)),
                    "linkstr \(command) --json printed \(keys.sorted()); docs/cli.md says \(shape)")
            }
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

/// The tables of docs/cli.md: one row per command, "| `linkstr relay add URL` | does | `{"ok"}` |".
struct CommandReference {
    struct Row {
        let command: String
        let json: String
    }

    /// The keys of a documented `--json` shape: `{"id","note"?}` or `[{…}]`.
    struct Shape: CustomStringConvertible {
        let required: Set<String>
        let optional: Set<String>
        var description: String { "required \(required.sorted()), optional \(optional.sorted())" }
    }

    static let path = ExternalProcess.packageRoot + "/docs/cli.md"

    let rows: [Row]
    /// The rows between "## The core commands" and the next "## " heading.
    let coreCommands: Set<String>

    static func load() throws -> CommandReference {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [Row] = [], core = Set<String>(), section = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") { section = String(line) }
            guard line.hasPrefix("| `linkstr ") else { continue }
            let cells = line.dropFirst(2).components(separatedBy: " | ")
            guard cells.count >= 3, let code = cells[0].split(separator: "`").first else {
                throw TestFailure("cannot read this row of \(path): \(line)")
            }
            let words = code.split(separator: " ").dropFirst().prefix { $0.first?.isLetter == true && $0.allSatisfy { $0.isLowercase || $0 == "-" } }
            let row = Row(command: words.joined(separator: " "), json: cells[2])
            rows.append(row)
            if section == "## The core commands" { core.insert(row.command) }
        }
        return CommandReference(rows: rows, coreCommands: core)
    }

    func shape(of command: String) -> Shape? {
        guard let json = rows.first(where: { $0.command == command })?.json, json.contains("{\"") else { return nil }
        let inside = json.drop { $0 != "{" }.dropFirst().prefix { $0 != "}" }
        var required = Set<String>(), optional = Set<String>()
        for key in inside.split(separator: ",") {
            let name = key.trimmingCharacters(in: CharacterSet(charactersIn: "\"?"))
            if key.hasSuffix("?") { optional.insert(name) } else { required.insert(name) }
        }
        return Shape(required: required, optional: optional)
    }
}
