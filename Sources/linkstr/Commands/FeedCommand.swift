import ArgumentParser
import Foundation
import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore

struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "Show a session's posts, newest last.",
        discussion: """
            Example:
              linkstr feed "Weekend videos" --limit 20
              linkstr feed "Weekend videos" --titles --json

            Consecutive posts of one sender share a header; ● marks unread posts;
            the 8-character id at the end of each post is what `react`, `delete`
            and `read` take. Times are relative to now (LINKSTR_NOW=<unix seconds>
            pins it); colours follow the terminal, NO_COLOR and
            LINKSTR_COLOR=always|never.
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
            Terminal.printJSON(items.map(JSONRecords.feedItem))
            return
        }
        let (summary, names, changes, me) = try await context.run { runtime throws(RuntimeError) in
            let summary = try await runtime.summary(of: id)
            var changes = FeedView.MembershipChange.from(try await runtime.membershipHistory(of: id))
            // A limited feed starts at its first post; so do its membership lines.
            if let limit, items.count >= limit, let first = items.first { changes.removeAll { $0.time < first.post.createdAt } }
            let names = await runtime.displayNames(of: items.map(\.post.sender) + changes.flatMap { $0.added + $0.removed })
            return (summary, names, changes, runtime.me)
        }
        Terminal.write(FeedView(session: summary, items: items, me: me, names: names, changes: changes, output: .current).render())
    }
}
