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
}
