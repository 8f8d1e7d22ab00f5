import LinkstrHost
import LinkstrRuntime

extension OpenCommand {
    /// Saves the URL of a `linkstr://save` link: asks on the terminal first (unless `--quiet` or
    /// `--json`); without a terminal (the desktop's handler) it saves at once. With `--quiet` the
    /// result is a desktop notification.
    func save(_ saveLink: SaveLink) async throws {
        let tags = saveLink.tags.isEmpty ? "" : " with tags \(saveLink.tags.joined(separator: ", "))"
        if !quiet, !global.json, Confirmation.ask("Save \(saveLink.url)\(tags)?") == false {
            Terminal.write("not saved\n")
            return
        }
        try await SaveFeedback.run(quiet: quiet, global) {
            let context = try AccountContext.open(global)
            defer { context.host.stop() }
            let outcome = try await context.run { runtime throws(RuntimeError) in
                try await runtime.save(saveLink.url, tags: saveLink.tags, note: saveLink.note)
            }
            SaveCommand.report(outcome, context, global, quiet: quiet)
            return outcome
        }
    }
}
