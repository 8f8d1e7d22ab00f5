import ArgumentParser

/// `linkstr desktop …`: the handler that opens `linkstr://` links clicked in a browser or chat.
struct DesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Register linkstr as the desktop's handler for linkstr:// links.",
        discussion: """
            Example:
              linkstr desktop install
              xdg-open 'linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ'
              linkstr desktop uninstall
            """,
        subcommands: [DesktopInstallCommand.self, DesktopUninstallCommand.self])
}
