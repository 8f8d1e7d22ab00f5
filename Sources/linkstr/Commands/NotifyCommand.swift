import ArgumentParser

/// `linkstr notify …`: the notifiers (desktop, HTTP push, command) as configured in config.toml.
struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Work with the notifiers: desktop notifications, HTTP push and webhooks, commands.",
        discussion: """
            Example:
              linkstr notify test
            """,
        subcommands: [NotifyTestCommand.self])
}
