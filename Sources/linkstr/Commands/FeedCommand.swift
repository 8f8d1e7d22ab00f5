import ArgumentParser
import Foundation
import LinkstrRuntime

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
        try await AccountContext.with(global) { context in
            let id = try await context.session(session)
            let fetchTitles = titles
            let feed = try await context.run { runtime throws(LinkstrError) in
                try await SessionFeed.page(id, limit: limit, fetchingTitles: fetchTitles, in: runtime)
            }
            if global.json {
                Terminal.printJSON(feed.items.map(JSONRecords.FeedRow.init))
            } else {
                Terminal.write(FeedView(feed: feed, me: context.runtime.me, output: .current).render())
            }
        }
    }
}
