import ArgumentParser
import Glibc
import LinkstrRuntime

/// The `linkstr` command: its commands, flags and `--json` fields are a stable surface for scripts.
@main
struct Linkstr: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linkstr",
        abstract: "Share links and videos privately with people you trust, over Nostr.",
        discussion: """
            Wire-compatible with the linkstr iPhone app. Every command accepts --home DIR (or
            LINKSTR_HOME) to keep all state under one folder, and --json for output programs read,
            before or after the subcommand (also --config FILE, --storage BACKEND and --profile NAME).

            Example:
              linkstr plugins
              linkstr media classify https://vimeo.com/76979871 --json
            """,
        version: LinkstrVersion.string,
        subcommands: [
            AccountCommand.self, RelayCommand.self, ContactCommand.self, SessionCommand.self, SessionsCommand.self, PostCommand.self, ReactCommand.self,
            DeleteCommand.self, FeedCommand.self, PlayCommand.self, ReadCommand.self, ShareCommand.self, SyncCommand.self, WatchCommand.self, PluginsCommand.self,
            ConfigCommand.self, MediaCommand.self, OpenCommand.self, NotifyCommand.self, ServiceCommand.self, DesktopCommand.self,
            DemoCommand.self, BrowserCommand.self, SaveCommand.self, SavedCommand.self, TagCommand.self, TagsCommand.self, UnsaveCommand.self, RestoreCommand.self,
            SignerCommand.self, AppCommand.self,
            ProfileCommand.self, WhoamiCommand.self, UnlockCommand.self, LockCommand.self, AgentCommand.self,
        ])

    /// The parsed command's `GlobalOptions`, wherever it keeps them.
    static func globalOptions(_ command: ParsableCommand) -> GlobalOptions? {
        Mirror(reflecting: command).children.lazy.compactMap { ($0.value as? OptionGroup<GlobalOptions>)?.wrappedValue }.first
    }

    /// Runs the command with the documented exit codes: usage errors exit 2 (argument-parser's default
    /// is 64), failures print one sentence on stderr. Global options may come before the subcommand.
    static func main() async {
        // `linkstr watch | head` and children that stop reading end in EPIPE errors, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        let arguments = GlobalOptionPlacement.moved(
            Array(CommandLine.arguments.dropFirst()), spellings: GlobalOptions.spellings, subcommands: subcommands(of:))
        if let topic = GlobalOptionPlacement.unknownHelpTopic(arguments, subcommands: subcommands(of:)) {
            CLIFailure(.usage, "unknown command '\(topic)'; `linkstr --help` lists the commands").report()
            Glibc.exit(CLIFailure.ExitStatus.usage.rawValue)
        }
        if let help = requestedHelp(arguments) {
            Terminal.write(help)
            Glibc.exit(0)
        }
        if let unknown = unknownCommand(arguments) {
            CLIFailure(.usage, unknown).report()
            Glibc.exit(CLIFailure.ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            let global = globalOptions(command)
            if global?.json == true { StatusLine.shared.disable() }
            if let global, !(command is CreatesHome) { try global.requireExistingHome() }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            StatusLine.shared.finishSteps()
            if let global, !(command is ProfileCommand.Backup) { BackupReminder.remind(global) }
        } catch {
            // A runtime error a command passes on as it is gets its exit status from the one table.
            if let failure = (error as? CLIFailure) ?? (error as? LinkstrError)?.failure {
                // A boot step that was running stays on screen with how long it took.
                StatusLine.shared.fail(blameStep: failure.exitCode != .usage)
                failure.report()
                Glibc.exit(failure.exitCode.rawValue)
            }
            StatusLine.shared.fail()
            let code = exitCode(for: error)
            if code == .validationFailure {
                let message = fullMessage(for: error)
                Terminal.writeError(message.hasSuffix("\n") ? message : message + "\n")
                Glibc.exit(CLIFailure.ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }

    /// The names of the subcommands under a command path (`[]`: the top-level commands).
    static func subcommands(of path: [String]) -> [String] {
        var command: ParsableCommand.Type = Linkstr.self
        for name in path {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == name }) else { return [] }
            command = next
        }
        return command.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
    }
}
