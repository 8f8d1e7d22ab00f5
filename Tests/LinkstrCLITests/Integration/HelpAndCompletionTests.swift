import Foundation
import Testing

/// Help, completions and the man page all come from the argument-parser definitions: every command
/// shows an example, and the completion scripts know every subcommand.
@Suite struct HelpAndCompletionTests {
    /// `linkstr --experimental-dump-help`: the tree the man page is generated from.
    private func commandTree() throws -> [String: Any] {
        let result = try ProcessRunner.linkstr(["--experimental-dump-help"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["command"] as? [String: Any])
    }

    @Test func everyCommandsHelpHasAnExample() throws {
        var missing: [String] = []
        func visit(_ command: [String: Any], path: [String]) {
            let name = command["commandName"] as? String ?? "?"
            // argument-parser's own `help` subcommand is not ours to document.
            guard name != "help" else { return }
            let fullName = (path + [name]).joined(separator: " ")
            let discussion = command["discussion"] as? String ?? ""
            if !discussion.contains("Example:") && !discussion.contains("Examples:") { missing.append(fullName) }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { visit(subcommand, path: path + [name]) }
        }
        visit(try commandTree(), path: [])
        #expect(missing.isEmpty, "add an `Example:` to the discussion of: \(missing.joined(separator: ", "))")

        let help = try ProcessRunner.linkstr(["service", "install", "--help"])
        #expect(help.stdout.contains("Example:\n  linkstr service install --home ~/bots/archive"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowEverySubcommand(shell: String) throws {
        let result = try ProcessRunner.linkstr(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let topLevel = (try commandTree()["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        #expect(topLevel.contains("service") && topLevel.contains("desktop"))
        for name in topLevel {
            #expect(result.stdout.contains(name), "the \(shell) completion script does not mention '\(name)'")
        }
        #expect(result.stdout.contains("unit-dir"))
    }

    /// Help is wrapped to the terminal's width (COLUMNS when piped), paragraphs joined rather than
    /// broken where the source lines end, with one layout: description, examples, usage, options.
    @Test func helpIsWrappedToTheWidthWithTheDescriptionFirst() throws {
        let narrow = try ProcessRunner.linkstr(["--help"], environment: ["COLUMNS": "60"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        let lines = narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 60 || !$0.trimmingCharacters(in: .whitespaces).contains(" ") }, "\(narrow.stdout)")
        #expect(!lines.contains("(or") && !lines.contains("programs read,"), "\(narrow.stdout)")
        let wide = try ProcessRunner.linkstr(["--help"], environment: ["COLUMNS": "200"])
        #expect(wide.stdout.contains("Every command accepts --home DIR (or LINKSTR_HOME) to keep all state under one folder, and --json for output programs read, before or after the subcommand"), "\(wide.stdout)")

        let feed = try ProcessRunner.linkstr(["feed", "--help"], environment: ["COLUMNS": "70"]).stdout
        let description = try #require(feed.range(of: "Consecutive posts of one sender share a header;"))
        let example = try #require(feed.range(of: "Example:\n  linkstr feed \"Weekend videos\" --limit 20\n"))
        let usage = try #require(feed.range(of: "USAGE: linkstr feed"))
        #expect(description.lowerBound < example.lowerBound && example.lowerBound < usage.lowerBound, "\(feed)")
        #expect(feed.contains("  --limit <limit>") && feed.contains("  --titles"))
        #expect(feed.split(separator: "\n").allSatisfy { $0.count <= 70 || !$0.trimmingCharacters(in: .whitespaces).contains(" ") }, "\(feed)")
    }
}
