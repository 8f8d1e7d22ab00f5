import ArgumentParser

struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "Your contacts: the people you follow (kind 3), with private aliases.",
        discussion: """
            Adding or removing a contact publishes your follow list again, keeping every entry and tag
            other Nostr apps wrote in it. Aliases stay on this machine.

            Example:
              linkstr contact add npub1… --alias bob
              linkstr contact list
            """,
        subcommands: [ContactListCommand.self, ContactAddCommand.self, ContactRemoveCommand.self, ContactAliasCommand.self])
}
