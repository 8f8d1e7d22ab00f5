import ArgumentParser

struct RelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "The relays linkstr connects to (shared by every account of this home).",
        discussion: """
            The list starts as relays = [...] of config.toml, or the iPhone app's five defaults.

            Example:
              linkstr relay add wss://relay.example.com
              linkstr relay list
            """,
        subcommands: [
            RelayListCommand.self, RelayAddCommand.self, RelayRemoveCommand.self, RelayEnableCommand.self, RelayDisableCommand.self,
            RelayResetCommand.self,
        ])
}
