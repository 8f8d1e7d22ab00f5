import ArgumentParser
import LinkstrRuntime
import LinkstrTerminal

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
        subcommands: [Create.self, Rename.self, Members.self, Archive.self, Unarchive.self])
}

extension SessionCommand {
    struct Create: AsyncParsableCommand {
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
            try await AccountContext.with(global, connects: true) { context in
                let (summary, warning) = try await context.run { runtime throws(LinkstrError) in
                    try await Sessions.createSession(named: name, members: members, beforeSending: { () throws(LinkstrError) in
                        try await context.connecting(forWriting: true)
                    }, in: runtime)
                }
                // The name alone no longer names one session: say which id to use, before anything else.
                if let warning { Terminal.say("warning: \(warning)") }
                if global.json {
                    Terminal.printJSON(JSONRecords.CreatedSession(summary))
                } else {
                    Terminal.write("created \(TerminalText.line(summary.name)) (\(TerminalText.line(summary.id.rawValue))) with \(summary.members.count) member\(summary.members.count == 1 ? "" : "s")\n")
                }
            }
        }
    }
}

extension SessionCommand {
    struct Rename: AsyncParsableCommand {
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
            try await AccountContext.with(global, connects: true) { context in
                let id = try await context.session(session)
                let renamed = try await context.run { runtime throws(LinkstrError) in
                    try await Sessions.renameSession(id, to: clear ? nil : name, beforeSending: { () throws(LinkstrError) in
                        try await context.connecting(forWriting: true)
                    }, in: runtime)
                }
                let shared = renamed.creator == context.runtime.me
                if global.json {
                    Terminal.printJSON(JSONRecords.Merged(JSONRecords.SessionRow(renamed), Renamed(shared: shared)))
                } else if shared {
                    Terminal.write("renamed the session to \(TerminalText.line(renamed.name)) for every member\n")
                } else if renamed.labelled {
                    Terminal.write(
                        "you call it \(TerminalText.line(renamed.name)) on this machine; the others still see \(TerminalText.line(renamed.sharedName))\n")
                } else {
                    Terminal.write("the session shows its creator's name again: \(TerminalText.line(renamed.name))\n")
                }
            }
        }
    }
}

extension SessionCommand {
    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "members", abstract: "Show, add or remove members (creator only).",
            discussion: """
                Without --add or --remove, prints the members. A change sends the whole new member set to
                prior and new members; removed members keep the history, read-only.

                Example:
                  linkstr session members "Weekend videos" --add carol --remove npub1…
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session: its id or its name.") var session: String
        @Option(name: .customLong("add"), help: ArgumentHelp("A person to add (repeatable).", valueName: "key")) var add: [String] = []
        @Option(name: .customLong("remove"), help: ArgumentHelp("A person to remove (repeatable).", valueName: "key")) var remove: [String] = []

        func run() async throws {
            try await AccountContext.with(global, connects: !add.isEmpty || !remove.isEmpty) { context in
                let summary = try await context.run { runtime throws(LinkstrError) in
                    try await Sessions.changeMembers(of: session, adding: add, removing: remove, beforeSending: { () throws(LinkstrError) in
                        try await context.connecting(forWriting: true)
                    }, in: runtime)
                }
                let names = await Contacts.displayNames(of: summary.members, in: context.runtime)
                if global.json {
                    Terminal.printJSON(JSONRecords.SessionMembers(summary))
                } else {
                    Terminal.write(memberLines(summary, names: names, me: context.runtime.me))
                }
            }
        }

        /// One line per member: the name shown elsewhere (You, the alias or the profile name; blank
        /// when there is none but the npub), the npub, and which member created the session.
        private func memberLines(_ summary: SessionSummary, names: [PublicKey: String], me: PublicKey) -> String {
            let labels = summary.members.map { key -> String in
                if key == me { return "You" }
                guard let name = names[key], name != key.npub else { return "" }
                return TerminalText.truncate(TerminalText.line(name), to: 40)
            }
            let width = labels.map(TerminalText.width).max() ?? 0
            return zip(summary.members, labels).map { key, label in
                let name = width == 0 ? "" : TerminalText.pad(label, to: width) + "  "
                return name + key.npub + (key == summary.creator ? "  (creator)" : "") + "\n"
            }.joined()
        }
    }
}

extension SessionCommand {
    struct Archive: AsyncParsableCommand {
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
}

extension SessionCommand {
    struct Unarchive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive", abstract: "Bring an archived session back.",
            discussion: """
                Example:
                  linkstr session unarchive "Weekend videos"
                """)

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session: its id or its name.") var session: String

        func run() async throws {
            try await setArchived(session, false, global)
        }
    }
}

/// `session archive` / `session unarchive`.
func setArchived(_ session: String, _ archived: Bool, _ global: GlobalOptions) async throws {
    try await AccountContext.with(global) { context in
        let id = try await context.session(session)
        try await context.run { runtime throws(LinkstrError) in try await Sessions.setArchived(id, archived, in: runtime) }
        if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("\(archived ? "archived" : "unarchived") \(session)\n") }
    }
}

extension SessionCommand.Rename {
    /// What the renamed session's row is printed with: whether every member sees the new name.
    struct Renamed: Encodable {
        let shared: Bool
    }
}
