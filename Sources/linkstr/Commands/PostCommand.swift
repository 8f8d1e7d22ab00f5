import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct PostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post", abstract: "Share a link in a session (waits until relays accept every copy).",
        discussion: """
            A URL without a scheme gets https://. Only http and https links with a valid host are sent.
            The post is stored only once a relay accepted the copy for every member.

            Example:
              linkstr post "Weekend videos" youtube.com/watch?v=dQw4w9WgXcQ --note "the classic"
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String
    @Argument(help: "The link.") var url: String
    @Option(help: "A note to go with it.") var note: String?

    func run() async throws {
        let context = try AccountContext.open(global, connects: true)
        defer { context.host.stop() }
        let id = try await context.session(session)
        try await context.connect(forWriting: true)
        let post = try await context.run { runtime throws(RuntimeError) in try await runtime.post(id, url: url, note: note) }
        await context.close()
        if global.json {
            Terminal.printJSON(JSONRecords.sentPost(post))
        } else {
            Terminal.write("posted \(post.url) (\(post.id.hex.prefix(12)))\n")
        }
    }
}
