import ArgumentParser
import LinkstrRuntime

struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add and remove tags of a saved link.",
        discussion: """
            Example:
              linkstr tag https://swift.org --add language --remove later
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The saved link.") var url: String
    @Option(help: "A tag to add (repeat for more).") var add: [String] = []
    @Option(help: "A tag to remove (repeat for more).") var remove: [String] = []

    func validate() throws {
        guard !add.isEmpty || !remove.isEmpty else { throw ValidationError("give --add TAG or --remove TAG") }
    }

    func run() async throws {
        try await AccountContext.with(global) { context in
            let link = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.retag(url, adding: add, removing: remove, in: runtime) }
            if global.json {
                Terminal.printJSON(JSONRecords.SavedLinkRow(link))
            } else {
                Terminal.write(link.tagsSummary + "\n")
            }
        }
    }
}
