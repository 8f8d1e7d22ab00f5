import ArgumentParser
import Glibc
import LinkstrRuntime

struct SaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: "Keep a link for yourself, with tags.",
        discussion: """
            The link is normalized as posts are and stored encrypted in this account. Saving a link
            that is already saved keeps its id and saved time and adds the new tags to its old ones.
            On a terminal, without --tag, the tags you use most (and those used on the same site) are
            offered to pick from. --from-post saves the link of a post and remembers who shared it.
            With a webhook configured ([saved] webhook), the save is synced to it in the background.

            Example:
              linkstr save https://github.com/apple/swift --tag swift --tag code
              linkstr save --from-post 3f2a9c1e --tag later
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The link (not with --from-post); of a linkstr:// link, the link it shares.") var url: String?
    @Option(help: "A tag (repeat for more).") var tag: [String] = []
    @Option(help: "A note to keep with it.") var note: String?
    @Option(name: .customLong("from-post"), help: "Save the link of this post (its id or at least 8 hex characters).") var fromPost: String?
    @Flag(help: "Without a terminal: offer no tags and show the result, or why not, as a desktop notification.") var quiet = false

    func validate() throws {
        guard (url == nil) != (fromPost == nil) else { throw ValidationError("give either a URL or --from-post POST") }
    }

    func run() async throws {
        try await SaveFeedback.run(quiet: quiet, global) { try await save() }
    }

    private func save() async throws -> SaveOutcome {
        return try await AccountContext.with(global) { context in
            let target: SaveLink?
            do throws(LinkstrError) {
                target = try url.map { text throws(LinkstrError) in try SaveLink.target(text) }
            } catch {
                throw error.failure
            }
            var tags = tag + (target?.tags ?? [])
            if let target, tags.isEmpty, !quiet, !global.json, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
                let suggestions = try await context.run { runtime throws(LinkstrError) in try await SavedLinks.tagScores(for: target.url, in: runtime) }
                tags = TagPicker(suggestions: suggestions).ask()
            }
            let (chosen, note) = (tags, note ?? target?.note)
            let outcome = try await context.run { runtime throws(LinkstrError) in
                if let fromPost { return try await SavedLinks.save(fromPost: fromPost, tags: chosen, note: note, in: runtime) }
                return try await SavedLinks.save(target?.url ?? "", tags: chosen, note: note, in: runtime)
            }
            Self.report(outcome, context, global, quiet: quiet)
            return outcome
        }
    }

    /// Prints what a save did (not with `quiet`: a notification tells it) and starts the webhook sync.
    static func report(_ outcome: SaveOutcome, _ context: AccountContext, _ global: GlobalOptions, quiet: Bool) {
        if global.json {
            Terminal.printJSON(JSONRecords.SaveResult(outcome))
        } else if !quiet {
            Terminal.write(outcome.summary + "\n")
        }
        // The webhook learns of the save without the save waiting for it.
        if context.runtime.settings.savedLinks.webhook != nil { DetachedCommand.start(["saved", "sync", "--background"], global: global) }
    }

}
