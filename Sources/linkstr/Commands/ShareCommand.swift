import ArgumentParser
import LinkstrRuntime

struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Print the linkstr:// deep link of a post (the iPhone app opens it).",
        discussion: """
            Example:
              linkstr share 3f2a9c1e --json
              {"link":"linkstr://open?p=…"}
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The post: its id or at least its first 8 hex characters.") var post: String

    func run() async throws {
        try await AccountContext.with(global) { context in
            let found = try await context.run { runtime throws(LinkstrError) in try await Sessions.resolvePost(post, in: runtime) }
            let link = DeepLink(post: found).encoded()
            if global.json { Terminal.printJSON(Record(link: link)) } else { Terminal.write(link + "\n") }
        }
    }
}

extension ShareCommand {
    /// `{"link"}`: the post's `linkstr://` deep link.
    struct Record: Encodable {
        let link: String
    }
}
