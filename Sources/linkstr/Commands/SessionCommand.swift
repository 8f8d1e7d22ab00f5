import ArgumentParser

struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Create a session, change its members, archive or unarchive it.",
        subcommands: [SessionCreateCommand.self, SessionMembersCommand.self, SessionArchiveCommand.self, SessionUnarchiveCommand.self])
}
