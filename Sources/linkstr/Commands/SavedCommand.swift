import ArgumentParser

struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "The links you saved: list them (the default), sync, export or import them.",
        discussion: """
            Example:
              linkstr saved --tag swift
              linkstr saved --search talk --json
              linkstr saved sync
              linkstr saved export --format netscape > bookmarks.html
              linkstr saved import bookmarks.html
            """,
        subcommands: [SavedListCommand.self, SavedSyncCommand.self, SavedExportCommand.self, SavedImportCommand.self], defaultSubcommand: SavedListCommand.self)
}
