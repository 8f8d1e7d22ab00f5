import ArgumentParser
import LinkstrHost
import NostrCore

struct SessionCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a session (you are always a member; alone is fine).",
        discussion: """
            Sends a session_create to every member and waits for a relay to accept each copy.

            Example:
              linkstr session create "Weekend videos" --member npub1… --member bob
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session's name.") var name: String
    @Option(name: .customLong("member"), help: ArgumentHelp("A member: npub, hex or contact alias (repeatable).", valueName: "key"))
    var members: [String] = []

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        var keys: [PublicKey] = []
        for member in members { keys.append(try await context.person(member)) }
        try await context.connect(forWriting: true)
        let summary = try await context.run { runtime throws(RuntimeError) in try await runtime.createSession(name: name, members: keys) }
        await context.close()
        if global.json {
            Terminal.printJSON(["id": summary.id.rawValue, "name": summary.name, "members": summary.members.map { $0.hex }])
        } else {
            Terminal.write("created \(summary.name) (\(summary.id)) with \(summary.members.count) member\(summary.members.count == 1 ? "" : "s")\n")
        }
    }
}
