import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct SavedListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List saved links, newest first, with their tags and titles.",
        discussion: """
            Several --tag show the links that have all of them. --deleted shows removed links
            (`linkstr restore URL` brings one back).

            Example:
              linkstr saved --tag swift --search concurrency
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only links with this tag (repeat: with every one).") var tag: [String] = []
    @Option(help: "Only links whose URL, note, title or tags contain this text.") var search: String?
    @Flag(help: "Show removed links instead.") var deleted = false
    @Flag(help: "Fetch missing link titles now (this contacts each link's site).") var titles = false

    func run() async throws {
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let filter = SavedLinkFilter(tags: tag, search: search, deleted: deleted)
        let fetchTitles = titles
        let links = try await context.run { runtime throws(RuntimeError) in
            let links = try await runtime.savedLinks(filter)
            return fetchTitles ? try await runtime.fetchTitles(links) : links
        }
        if global.json {
            Terminal.printJSON(links.map(JSONRecords.savedLink))
        } else {
            Terminal.write(SavedListView(links: links, deleted: deleted, tags: tag, search: search, output: .current).render())
        }
    }
}
