import ArgumentParser

struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Create a session, rename it, change its members, archive or unarchive it.",
        discussion: """
            Example:
              linkstr session create "Weekend videos" --member bob
              linkstr session members "Weekend videos" --add carol
              linkstr session rename "Weekend videos" "Weekend clips"
            """,
        subcommands: [SessionCreateCommand.self, SessionRenameCommand.self, SessionMembersCommand.self, SessionArchiveCommand.self, SessionUnarchiveCommand.self])
}
