import ArgumentParser
import Foundation
import LinkstrHost

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
        if items.isEmpty { Terminal.write("no posts yet\n") }
        let now = Int64(Date().timeIntervalSince1970)
        var previousSender: String?
        for item in items {
            let sender = item.post.sender.npub
            if sender != previousSender { Terminal.write("\n\(String(sender.prefix(16)))…\n") }
            previousSender = sender
            let marker = item.post.unread ? "●" : " "
            Terminal.write("\(marker) \(item.post.url)   \(RelativeTime.describe(item.post.createdAt, now: now))  [\(item.post.id.hex.prefix(8))]\n")
            if let title = item.title { Terminal.write("  \(title)\n") }
            if let note = item.post.note { Terminal.write("  │ \(note)\n") }
            if !item.reactions.isEmpty {
                Terminal.write("  " + item.reactions.map { "\($0.emoji) \($0.senders.count > 10 ? "10+" : String($0.senders.count))" }.joined(separator: "  ") + "\n")
            }
        }
    }
}
