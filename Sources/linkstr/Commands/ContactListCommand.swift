import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct ContactListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List your contacts (as of the last sync or change).",
        discussion: """
            Example:
              linkstr contact list --json
              [{"alias":"bob","npub":"npub1…","pubkey":"…"}]
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let contacts = try await context.run { runtime throws(RuntimeError) in try await runtime.contacts() }
        if global.json {
            Terminal.printJSON(contacts.map(JSONRecords.contact))
            return
        }
        if contacts.isEmpty { Terminal.write("no contacts yet — add one with `linkstr contact add npub1…`\n") }
        for contact in contacts { Terminal.write("\(TerminalText.line(contact.displayName))  \(contact.pubkey.npub)\n") }
    }
}
