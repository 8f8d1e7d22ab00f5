import ArgumentParser
import LinkstrHost
import LinkstrRuntime
import NostrCore

struct SessionMembersCommand: AsyncParsableCommand {
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
        let context = try AccountContext.open(global, connects: !add.isEmpty || !remove.isEmpty)
        defer { context.host.stop() }
        let id = try await context.session(session)
        var summary = try await context.run { runtime throws(RuntimeError) in try await runtime.summary(of: id) }
        if !add.isEmpty || !remove.isEmpty {
            let adding = try await context.people(add)
            let removing = try await context.people(remove)
            try await context.connect(forWriting: true)
            summary = try await context.run { runtime throws(RuntimeError) in
                try await runtime.changeMembers(id, adding: adding, removing: removing)
            }
        }
        let names = await context.runtime.displayNames(of: summary.members)
        await context.close()
        if global.json {
            Terminal.printJSON(JSONRecords.members(summary))
        } else {
            Terminal.write(memberLines(summary, names: names, me: context.runtime.me))
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
