import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct ContactRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Unfollow someone (publishes your follow list; the alias goes too).",
        discussion: """
            Example:
              linkstr contact remove bob
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Who: npub, hex or alias.") var key: String

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        let person = try await context.person(key)
        try await context.connect(forWriting: true)
        try await context.run { runtime throws(RuntimeError) in try await runtime.removeContact(person) }
        await context.close()
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("removed \(key)\n") }
    }
}
