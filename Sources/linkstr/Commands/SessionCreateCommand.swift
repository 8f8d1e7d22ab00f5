import ArgumentParser
import LinkstrHost
import LinkstrRuntime
import NostrCore

struct SessionCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a session (you are always a member; alone is fine).",
        discussion: """
            Sends a session_create to every member and waits for a relay to accept each copy. When
            another session has the same name (in any case), a warning on stderr gives the new
            session's id, which names it from then on.

            Example:
              linkstr session create "Weekend videos" --member npub1… --member bob
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session's name.") var name: String
    @Option(name: .customLong("member"), help: ArgumentHelp("A member: npub (or text or a link with one), hex or contact alias (repeatable).", valueName: "key"))
    var members: [String] = []

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        let keys = try await context.people(members)
        try await context.connect(forWriting: true)
        let (summary, namesakes) = try await context.run { runtime throws(RuntimeError) in
            let summary = try await runtime.createSession(name: name, members: keys)
            return (summary, try await runtime.namesakes(of: summary))
        }
        await context.close()
        // The name alone no longer names one session: say which id to use, before anything else.
        if let warning = summary.namesakeWarning(namesakes) { Terminal.say("warning: \(warning)") }
        if global.json {
            Terminal.printJSON(JSONRecords.createdSession(summary))
        } else {
            Terminal.write("created \(TerminalText.line(summary.name)) (\(TerminalText.line(summary.id.rawValue))) with \(summary.members.count) member\(summary.members.count == 1 ? "" : "s")\n")
        }
    }
}
