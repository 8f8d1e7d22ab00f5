import ArgumentParser
import LinkstrHost
import LinkstrRuntime

struct SavedExportCommand: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case netscape, json
    }

    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print your saved links as a bookmark file.",
        discussion: """
            netscape is the bookmarks.html every browser and bookmark manager (linkding, Karakeep,
            Linkwarden) imports, tags in the TAGS attribute; json is the records of
            `linkstr saved --json`. Removed links are left out.

            Example:
              linkstr saved export --format netscape > bookmarks.html
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "netscape or json.") var format: Format = .netscape

    func run() async throws {
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        switch format {
        case .netscape:
            Terminal.write(try await context.run { runtime throws(RuntimeError) in try await runtime.exportBookmarks() })
        case .json:
            Terminal.printJSON(try await context.run { runtime throws(RuntimeError) in try await runtime.savedLinks() }.map(JSONRecords.savedLink))
        }
    }
}
