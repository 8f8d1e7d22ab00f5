import ArgumentParser
import Foundation
import LinkstrHost
import NostrCore

struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "Show a session's posts, newest last.",
        discussion: """
            Example:
              linkstr feed "Weekend videos" --limit 20
              linkstr feed "Weekend videos" --titles --json
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String
    @Option(help: "Only the newest N posts.") var limit: Int?
    @Flag(help: "Fetch missing link titles and thumbnails now (this contacts each link's site).") var titles = false

    func run() async throws {
        if let limit, limit <= 0 { throw CLIFailure(.usage, "--limit must be a positive number") }
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let id = try await context.session(session)
        let fetchTitles = titles
        let items = try await context.run { runtime throws(RuntimeError) in
            let items = try await runtime.feed(id, limit: limit)
            return fetchTitles ? try await runtime.fetchTitles(items) : items
        }
        if global.json {
            Terminal.printJSON(items.map(OutputObjects.feedItem))
            return
        }
        let (summary, names, me) = try await context.run { runtime throws(RuntimeError) in
            let summary = try await runtime.summary(of: id)
            var names: [PublicKey: String] = [:]
            for sender in Set(items.map(\.post.sender)) { names[sender] = await runtime.displayName(of: sender) }
            return (summary, names, runtime.me)
        }
        Terminal.write(FeedView(session: summary, items: items, me: me, names: names, output: .current).render())
    }
}
