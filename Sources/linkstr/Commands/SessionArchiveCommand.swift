import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct SessionArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Archive a session (local only: hidden from `sessions`, no notifications).",
        discussion: """
            Example:
              linkstr session archive "Weekend videos"
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String

    func run() async throws {
        try await setArchived(session, true, global)
    }
}

/// `session archive` / `session unarchive`.
func setArchived(_ session: String, _ archived: Bool, _ global: GlobalOptions) async throws {
    let context = try AccountContext.open(global)
    defer { context.host.stop() }
    let id = try await context.session(session)
    try await context.run { runtime throws(RuntimeError) in try await runtime.setArchived(id, archived) }
    if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("\(archived ? "archived" : "unarchived") \(session)\n") }
}
