import ArgumentParser
import LinkstrRuntime

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring back a removed saved link, with its tags.",
        discussion: """
            Example:
              linkstr restore https://example.com/old
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The removed link.") var url: String

    func run() async throws {
        try await AccountContext.with(global) { context in
            let link = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.restore(url, in: runtime) }
            if global.json {
                Terminal.printJSON(JSONRecords.SavedLinkRow(link))
            } else {
                Terminal.write("restored \(link.url)\(link.tags.isEmpty ? "" : " [\(link.tags.joined(separator: ", "))]")\n")
            }
        }
    }
}
