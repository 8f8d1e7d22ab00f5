import ArgumentParser

struct RelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "The relays linkstr connects to (shared by every account of this home).",
        discussion: """
            The list is relays = [...] of config.toml (read by every command, so editing it takes
            effect at once), or the iPhone app's five defaults when config.toml sets none, with your
            changes on top: relays you added, removed, enabled or disabled. `relay list` shows where
            each relay comes from; `relay reset` drops your changes.

            Example:
              linkstr relay add wss://relay.example.com
              linkstr relay list
            """,
        subcommands: [
            RelayListCommand.self, RelayAddCommand.self, RelayRemoveCommand.self, RelayEnableCommand.self, RelayDisableCommand.self,
            RelayResetCommand.self,
        ])
}
