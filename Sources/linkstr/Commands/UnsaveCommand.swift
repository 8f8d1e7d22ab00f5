import ArgumentParser
import LinkstrRuntime

struct UnsaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsave", abstract: "Remove a saved link (it can be restored).",
        discussion: """
            The link keeps its tags; `linkstr saved --deleted` lists removed links and
            `linkstr restore URL` brings one back.

            Example:
              linkstr unsave https://example.com/old
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The saved link.") var url: String

    func run() async throws {
        try await AccountContext.with(global) { context in
            let link = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.unsave(url, in: runtime) }
            if global.json {
                Terminal.printJSON(JSONRecords.SavedLinkRow(link))
            } else {
                Terminal.write("removed \(link.url) (`linkstr restore \(link.url)` brings it back)\n")
            }
        }
    }
}
