import ArgumentParser
import Foundation
import LinkstrHost
import LinkstrRuntime

struct SavedImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Save the links of a bookmark file (bookmarks.html) or of a JSON export.",
        discussion: """
            Reads the Netscape bookmark format that browsers, linkding, Karakeep and Linkwarden
            export: each link keeps its time, title, note and TAGS, and the path of its folder
            becomes one more tag (dev/tools; the browser's own toolbar and other-bookmarks folders
            are left out). A time in the future is taken as now. Also reads what
            `linkstr saved export --format json` writes, with every field (id, note, title, who
            shared it and in which session). Links you saved already get the file's tags added.
            Entries that are no web link (javascript:, place:) are skipped.

            Example:
              linkstr saved import ~/Downloads/bookmarks.html
              linkstr saved export --format json > saved.json; linkstr saved import saved.json
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The bookmark file, or - for standard input.") var file: String

    func run() async throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: file) else {
                throw CLIFailure(.usage, "cannot read \(file); give the path of a bookmarks.html file")
            }
            data = read
        }
        let entries: [BookmarkEntry]
        if SavedLinkExport.isJSON(data) {
            do {
                entries = try SavedLinkExport.parse(data)
            } catch {
                throw CLIFailure(.usage, "\(file): \(error.description)")
            }
        } else {
            entries = NetscapeBookmarks.parse(String(decoding: data, as: UTF8.self))
            guard !entries.isEmpty else { throw CLIFailure(.usage, "\(file) has no bookmarks (<A HREF=…>); export bookmarks as HTML and give that file") }
        }
        let context = try AccountContext.open(global)
        defer { context.host.stop() }
        let report = try await context.run { runtime throws(RuntimeError) in try await runtime.importBookmarks(entries) }
        if global.json {
            Terminal.printJSON(["imported": report.imported, "merged": report.merged, "skipped": report.skipped])
        } else {
            Terminal.write("imported \(report.imported), merged \(report.merged) already saved, skipped \(report.skipped) that are no web links\n")
        }
    }
}
