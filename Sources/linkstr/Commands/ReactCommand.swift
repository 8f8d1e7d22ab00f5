import ArgumentParser
import LinkstrRuntime

struct ReactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "react", abstract: "React to a post with an emoji (again, or --off, to take it back).",
        discussion: """
            The emoji is exactly one emoji (👍, ❤️, 👍🏽, 🇫🇷, 1️⃣, 👨‍👩‍👧); it says whether the reaction
            is now on ("reacted 🔥") or off ("removed 🔥"), and --json prints {"ok","emoji","active"}.

            Example:
              linkstr react "Weekend videos" 3f2a9c1e 🔥
              linkstr react "Weekend videos" 3f2a9c1e 🔥 --off
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session: its id or its name.") var session: String
    @Argument(help: "The post: its id or at least its first 8 hex characters.") var post: String
    @Argument(help: "The emoji.") var emoji: String
    @Flag(help: "Remove the reaction instead of toggling it.") var off = false
    @Flag(help: "Set the reaction even if it is already on.") var on = false

    func run() async throws {
        guard !(on && off) else { throw CLIFailure(.usage, "give --on or --off, not both") }
        try await AccountContext.with(global, connects: true) { context in
            let id = try await context.session(session)
            let active: Bool? = off ? false : (on ? true : nil)
            try await context.connect(forWriting: true)
            let reaction = try await context.run { runtime throws(LinkstrError) in
                let postID = try await Sessions.resolvePost(post, in: id, typed: session, in: runtime)
                return try await Sessions.react(id, postID: postID, emoji: emoji, active: active, in: runtime)
            }
            if global.json {
                Terminal.printJSON(JSONRecords.SentReaction(reaction))
            } else {
                Terminal.write("\(reaction.active ? "reacted" : "removed") \(reaction.key.emoji)\n")
            }
        }
    }
}
