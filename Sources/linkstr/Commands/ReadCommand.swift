import ArgumentParser
import LinkstrRuntime

struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Mark a post, or every post of a session, read.",
        discussion: """
            Example:
              linkstr read "Weekend videos"
              linkstr read "Weekend videos" 3f2a9c1e
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String
    @Argument(help: "One post (id or prefix); all posts when omitted.") var post: String?

    func run() async throws {
        try await AccountContext.with(global) { context in
            let id = try await context.session(session)
            let changed = try await context.run { runtime throws(LinkstrError) in
                var postID: RumorID?
                if let post { postID = try await Sessions.resolvePost(post, in: id, typed: session, in: runtime) }
                return try await Sessions.markRead(id, post: postID, in: runtime)
            }
            if global.json { Terminal.printJSON(JSONRecords.ok) } else { Terminal.write("marked \(changed) post\(changed == 1 ? "" : "s") read\n") }
        }
    }
}
