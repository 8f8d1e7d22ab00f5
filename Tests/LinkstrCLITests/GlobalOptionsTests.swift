import Foundation
import Testing

@testable import linkstr

/// Global options (`--home`, `--config`, `--json`, `--storage`, `--profile`) before or after the subcommand.
@Suite struct GlobalOptionsTests {
    /// A small command tree: `relay list|add`, `config`, `plugins check`.
    private static func subcommands(_ path: [String]) -> [String] {
        switch path {
        case []: ["relay", "config", "plugins"]
        case ["relay"]: ["list", "add"]
        case ["plugins"]: ["check"]
        default: []
        }
    }

    private static func moved(_ arguments: [String]) -> [String] {
        GlobalOptionPlacement.moved(arguments, spellings: GlobalOptions.spellings, subcommands: subcommands)
    }

    @Test func theSpellingsComeFromTheOptionsThemselves() {
        #expect(GlobalOptions.spellings == ["--home": true, "--config": true, "--json": false, "--storage": true, "--profile": true])
    }

    @Test func leadingGlobalOptionsMoveAfterTheSubcommandPath() {
        #expect(Self.moved(["--home", "/tmp/alice", "config", "--json"]) == ["config", "--home", "/tmp/alice", "--json"])
        #expect(Self.moved(["--json", "relay", "list"]) == ["relay", "list", "--json"])
        #expect(Self.moved(["--home=/h", "--storage", "memory", "relay", "add", "wss://r.example"])
            == ["relay", "add", "--home=/h", "--storage", "memory", "wss://r.example"])
        #expect(Self.moved(["--config", "c.toml", "plugins", "check", "--", "--odd.so"])
            == ["plugins", "check", "--config", "c.toml", "--", "--odd.so"])
        // The value of a global option is never taken for a subcommand.
        #expect(Self.moved(["--home", "relay", "config"]) == ["config", "--home", "relay"])
    }

    @Test func everythingElseIsLeftAlone() {
        #expect(Self.moved(["relay", "list", "--json", "--home", "/h"]) == ["relay", "list", "--json", "--home", "/h"])
        #expect(Self.moved(["--version"]) == ["--version"])
        #expect(Self.moved(["--home"]) == ["--home"], "a missing value is the parser's to report")
        // Without a subcommand the global options apply to nothing: --help and --version still work.
        #expect(Self.moved(["--json", "--version"]) == ["--version"])
        #expect(Self.moved(["--home", "/h", "--help"]) == ["--help"])
    }

    @Test func helpNamesOnlyKnownCommands() {
        #expect(GlobalOptionPlacement.unknownHelpTopic(["help", "nosuch"], subcommands: Self.subcommands) == "nosuch")
        #expect(GlobalOptionPlacement.unknownHelpTopic(["help", "relay", "drop"], subcommands: Self.subcommands) == "drop")
        #expect(GlobalOptionPlacement.unknownHelpTopic(["help", "relay", "list"], subcommands: Self.subcommands) == nil)
        #expect(GlobalOptionPlacement.unknownHelpTopic(["help"], subcommands: Self.subcommands) == nil)
        #expect(GlobalOptionPlacement.unknownHelpTopic(["relay", "nosuch"], subcommands: Self.subcommands) == nil)
    }

    @Test func theProgramsCommandTreeIsWalked() {
        #expect(Linkstr.subcommands(of: []).contains("relay"))
        #expect(Linkstr.subcommands(of: ["relay"]) == ["list", "add", "remove", "enable", "disable", "reset"])
        #expect(Linkstr.subcommands(of: ["nosuch"]).isEmpty)
    }

    // MARK: The built program

    @Test func theConfigExampleOfConfigHelpWorks() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        for arguments in [["--home", scratch.path, "config", "--json"], ["--home=\(scratch.path)", "config", "--json"]] {
            let result = try ProcessRunner.linkstr(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(object?["home"] as? String == scratch.path)
        }
    }

    @Test func globalOptionsBeforeNestedAndDefaultSubcommands() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let plugins = try ProcessRunner.linkstr(["--json", "plugins", "--home", scratch.path])
        #expect(plugins.status == 0, "\(plugins.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(plugins.stdout.utf8)) as? [[String: Any]])?.isEmpty == false)

        let config = scratch.write("elsewhere.toml", "relays = [\"ws://127.0.0.1:1\"]\n")
        let relays = try ProcessRunner.linkstr(["--json", "--config", config, "--storage", "memory", "--home", scratch.path, "relay", "list"])
        #expect(relays.status == 0, "\(relays.stderr)")
        #expect(try JSONDecoder().decode([RelayRow].self, from: Data(relays.stdout.utf8)).map(\.url) == ["ws://127.0.0.1:1"])
    }

    @Test func versionHelpAndCompletionStillWork() throws {
        let version = try ProcessRunner.linkstr(["--json", "--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        let help = try ProcessRunner.linkstr(["--home", "/tmp", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: linkstr <subcommand>"))
        let completion = try ProcessRunner.linkstr(["--generate-completion-script", "bash"])
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("relay"))
    }

    @Test func helpForAnUnknownCommandIsBadInput() throws {
        let unknown = try ProcessRunner.linkstr(["help", "nosuch"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr == "linkstr: unknown command 'nosuch'; `linkstr --help` lists the commands\n")
        let known = try ProcessRunner.linkstr(["help", "relay", "add"])
        #expect(known.status == 0)
        #expect(known.stdout.contains("USAGE: linkstr relay add"))
    }
}
