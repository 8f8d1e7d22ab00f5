import ArgumentParser
import Foundation
import LinkstrRuntime

struct AccountNameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "name", abstract: "Publish, change or clear the name others see for you (your Nostr profile, kind 0).",
        discussion: """
            Members and contacts see this name where you have no alias of theirs, on linkstr and on
            the iPhone app (alias, then published name, then npub). It is public: anyone can read it
            from the relays. Your newest profile is fetched first and only its name and display_name
            change, so the picture and about text another Nostr client set stay. Like every change
            it waits for a relay's OK. With a remote signer, the signer is asked to sign it.

            Example:
              linkstr account name Alice
              linkstr account name --clear
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The name to publish.") var name: String?
    @Flag(help: "Remove the published name.") var clear = false

    func validate() throws {
        if clear, name != nil { throw ValidationError("give a name or --clear, not both") }
        if !clear, name == nil { throw ValidationError("give the name to publish, or --clear to remove the published one") }
    }

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        try await context.connect(forWriting: true)
        let opened = context.opened
        let published = try await context.run { _ throws(RuntimeError) in try await opened.publishName(clear ? nil : name) }
        await context.close()
        printPublishedName(published, json: global.json)
    }
}

/// What `account name` (and `account create --publish`) print once the name is published.
func printPublishedName(_ name: String?, json: Bool) {
    if json {
        Terminal.printJSON(["ok": true, "published_name": name.map { $0 as Any } ?? NSNull()])
    } else if let name {
        Terminal.write("published your name: \(TerminalText.line(name))\n")
    } else {
        Terminal.write("cleared your published name\n")
    }
}
