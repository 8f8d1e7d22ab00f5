import ArgumentParser
import LinkstrRuntime

struct PostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post", abstract: "Share a link in a session (waits until relays accept every copy).",
        discussion: """
            A URL without a scheme gets https://. Only http and https links with a valid host are sent.
            The post is stored only once a relay accepted the copy for every member. --saved URL
            posts one of your saved links (with its note unless --note is given).

            Example:
              linkstr post "Weekend videos" youtube.com/watch?v=dQw4w9WgXcQ --note "the classic"
              linkstr post "Weekend videos" --saved https://swift.org
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String
    @Argument(help: "The link (not with --saved).") var url: String?
    @Option(help: "A note to go with it.") var note: String?
    @Option(help: "Post this saved link.") var saved: String?

    func validate() throws {
        guard (url == nil) != (saved == nil) else { throw ValidationError("give either a URL or --saved URL") }
    }

    func run() async throws {
        try await AccountContext.with(global, connects: true) { context in
            let id = try await context.session(session)
            try await context.connect(forWriting: true)
            let post = try await context.run { runtime throws(LinkstrError) in
                if let saved { return try await SavedLinks.postSaved(id, url: saved, note: note, in: runtime) }
                return try await Sessions.post(id, url: url ?? "", note: note, in: runtime)
            }
            if global.json {
                Terminal.printJSON(JSONRecords.SentPost(post))
            } else {
                Terminal.write("posted \(post.url) (\(post.id.hex.prefix(12)))\n")
            }
        }
    }
}
