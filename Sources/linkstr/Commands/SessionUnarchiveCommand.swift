import ArgumentParser

struct SessionUnarchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unarchive", abstract: "Bring an archived session back.",
        discussion: """
            Example:
              linkstr session unarchive "Weekend videos"
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String

    func run() async throws {
        try await setArchived(session, false, global)
    }
}
