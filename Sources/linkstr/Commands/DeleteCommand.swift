import ArgumentParser
import LinkstrRuntime

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a post you sent, for every member.",
        discussion: """
            Sends a root_delete to current and former members, then asks the relays to drop the post's
            gift wraps (NIP-09, signed with each wrap's one-time key). Only the machine that sent the
            post holds those keys: elsewhere (the account imported into another home) relays keep
            their copies, which a warning says; --json prints {"ok","relay_copies_kept"}.

            Example:
              linkstr delete "Weekend videos" 3f2a9c1e
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String
    @Argument(help: "The post: its id or at least its first 8 hex characters.") var post: String

    func run() async throws {
        try await AccountContext.with(global, connects: true) { context in
            let id = try await context.session(session)
            try await context.connect(forWriting: true)
            let deletion = try await context.run { runtime throws(LinkstrError) in
                try await Sessions.delete(id, postID: try await Sessions.resolvePost(post, in: id, typed: session, in: runtime), in: runtime)
            }
            for warning in deletion.warnings { Terminal.say("warning: \(warning)") }
            if global.json {
                Terminal.printJSON(JSONRecords.Deletion(deletion))
            } else {
                Terminal.write("deleted\n")
            }
        }
    }
}
