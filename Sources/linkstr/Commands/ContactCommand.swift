import ArgumentParser
import LinkstrRuntime
import LinkstrTerminal

struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "Your contacts: the people you follow (kind 3), with private aliases.",
        discussion: """
            Adding or removing a contact publishes your follow list again, keeping every entry and tag
            other Nostr apps wrote in it. Aliases stay on this machine.

            Example:
              linkstr contact add npub1… --alias bob
              linkstr contact list
            """,
        subcommands: [List.self, Add.self, Remove.self, Alias.self])
}

extension ContactCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List your contacts (as of the last sync or change).",
            discussion: """
                Example:
                  linkstr contact list --json
                  [{"alias":"bob","npub":"npub1…","pubkey":"…"}]
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await AccountContext.with(global) { context in
                let contacts = try await context.run { runtime throws(LinkstrError) in try await Contacts.contacts(in: runtime) }
                if global.json {
                    Terminal.printJSON(contacts.map(JSONRecords.ContactRow.init))
                    return
                }
                if contacts.isEmpty { Terminal.write("no contacts yet — add one with `linkstr contact add npub1…`\n") }
                for contact in contacts { Terminal.write("\(TerminalText.line(contact.displayName))  \(contact.pubkey.npub)\n") }
            }
        }
    }
}

extension ContactCommand {
    struct Add: AsyncParsableCommand {
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
            try await AccountContext.with(global, connects: true) { context in
                let person = try await context.person(key)
                try await context.connect(forWriting: true)
                let contact = try await context.run { runtime throws(LinkstrError) in try await Contacts.addContact(person, alias: alias, in: runtime) }
                if global.json { Terminal.printJSON(JSONRecords.ContactRow(contact)) } else { Terminal.write("added \(TerminalText.line(contact.displayName))\n") }
            }
        }
    }
}

extension ContactCommand {
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Unfollow someone (publishes your follow list; the alias goes too).",
            discussion: """
                Example:
                  linkstr contact remove bob
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Who: npub, hex or alias.") var key: String

        func run() async throws {
            try await AccountContext.with(global, connects: true) { context in
                let person = try await context.person(key)
                try await context.connect(forWriting: true)
                try await context.run { runtime throws(LinkstrError) in try await Contacts.removeContact(person, in: runtime) }
                if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("removed \(key)\n") }
            }
        }
    }
}

extension ContactCommand {
    struct Alias: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "alias", abstract: "Give a contact a private name (never published); \"\" clears it.",
            discussion: """
                Example:
                  linkstr contact alias npub1… "Bob (work)"
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Who: npub, hex or current alias.") var key: String
        @Argument(help: "The alias.") var alias: String

        func run() async throws {
            try await AccountContext.with(global) { context in
                let person = try await context.person(key)
                try await context.run { runtime throws(LinkstrError) in try await Contacts.setAlias(alias, for: person, in: runtime) }
                if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write(alias.isEmpty ? "alias cleared\n" : "alias set\n") }
            }
        }
    }
}
