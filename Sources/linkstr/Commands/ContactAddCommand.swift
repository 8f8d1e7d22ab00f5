import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct ContactAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Follow someone (publishes your follow list).",
        discussion: """
            Example:
              linkstr contact add npub1… --alias bob
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Who: an npub (also nostr:npub1…, a link with ?npub=, or pasted text with one npub) or 64 hex characters.")
    var key: String
    @Option(help: "A private name for them, kept on this machine.") var alias: String?

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        let person = try await context.person(key)
        try await context.connect(forWriting: true)
        let contact = try await context.run { runtime throws(RuntimeError) in try await runtime.addContact(person, alias: alias) }
        await context.close()
        if global.json { Terminal.printJSON(JSONRecords.contact(contact)) } else { Terminal.write("added \(TerminalText.line(contact.displayName))\n") }
    }
}
