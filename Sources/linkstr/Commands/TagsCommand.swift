import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal

struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "Your tags, best suggestion first, with counts and scores.",
        discussion: """
            The score is the tag's frecency: count × 10 / (1 + days since last used / 7). With
            --for URL, tags already used on links of the same site (the host without www.) count
            twice: the suggestions `linkstr save` offers for that link.

            Example:
              linkstr tags --for https://github.com/apple/swift --json
            """)

    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("for"), help: "Rank for saving this link (domain affinity).") var url: String?

    func run() async throws {
        try await AccountContext.with(global) { context in
            let scores = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.tagScores(for: url, in: runtime) }
            if global.json {
                Terminal.printJSON(scores.map(JSONRecords.TagRow.init))
                return
            }
            guard !scores.isEmpty else {
                Terminal.write("no tags yet — tag a link with `linkstr save URL --tag T`\n")
                return
            }
            let width = scores.map { TerminalText.width(TerminalText.line($0.name)) }.max() ?? 0
            var text = ""
            for score in scores {
                let name = TerminalText.line(score.name)
                let padding = String(repeating: " ", count: width - TerminalText.width(name))
                text += "\(name)\(padding)  \(score.count) link\(score.count == 1 ? "" : "s")  \(String(format: "%.1f", score.score))\n"
            }
            Terminal.write(text)
        }
    }
}
