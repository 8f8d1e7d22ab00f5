import ArgumentParser
import LinkstrRuntime

struct SessionRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a session: for everyone if you created it, else on this machine only.",
        discussion: """
            The creator's rename is sent to every member as a membership snapshot carrying the new
            name (waiting for a relay's OK, like every change); linkstr members and iPhone members
            see it after their next sync. A member's rename is a label kept on this machine: it
            names the session here (also on the command line) and nobody else sees it; --clear
            drops it. Renaming is the way out when two sessions share a name.

            Example:
              linkstr session rename "Book club" "Book club 2026"
              linkstr session rename 5A0F2C1B "Work links"
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id, its name, or its short id.") var session: String
    @Argument(help: "The new name.") var name: String?
    @Flag(help: "Drop your own label (a member's rename) and show the creator's name again.") var clear = false

    func validate() throws {
        if clear, name != nil { throw ValidationError("give a new name or --clear, not both") }
        if !clear, name == nil { throw ValidationError("give the new name (or --clear to drop your own label)") }
    }

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        let id = try await context.session(session)
        let creator = try await context.run { runtime throws(RuntimeError) in try await runtime.summary(of: id).creator }
        if creator == context.runtime.me { try await context.connect(forWriting: true) }
        let renamed = try await context.run { runtime throws(RuntimeError) in try await runtime.renameSession(id, to: clear ? nil : name) }
        await context.close()
        if global.json {
            var record = JSONRecords.session(renamed)
            record["shared"] = creator == context.runtime.me
            Terminal.printJSON(record)
        } else if creator == context.runtime.me {
            Terminal.write("renamed the session to \(TerminalText.line(renamed.name)) for every member\n")
        } else if renamed.labelled {
            Terminal.write(
                "you call it \(TerminalText.line(renamed.name)) on this machine; the others still see \(TerminalText.line(renamed.sharedName))\n")
        } else {
            Terminal.write("the session shows its creator's name again: \(TerminalText.line(renamed.name))\n")
        }
    }
}
