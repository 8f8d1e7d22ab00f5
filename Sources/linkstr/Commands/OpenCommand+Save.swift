import LinkstrHost
import LinkstrRuntime

extension OpenCommand {
    /// Saves the URL of a `linkstr://save` link once the person confirms it: on the terminal, or —
    /// with `--quiet` or without a terminal (the desktop's handler, which any web page can start) —
    /// through a desktop notification's "Allow"; the result is then a notification too. `--json`
    /// (a script's own call) saves without asking. What the link says is shown through the terminal
    /// sanitiser: it comes from a web page.
    func save(_ saveLink: SaveLink) async throws {
        let tags = saveLink.tags.isEmpty ? "" : " with tags \(saveLink.tags.joined(separator: ", "))"
        let shown = TerminalText.line("\(saveLink.url)\(tags)")
        var notifies = quiet
        if !global.json, !quiet {
            switch Confirmation.ask("Save \(shown)?") {
            case false?:
                Terminal.write("not saved\n")
                return
            case true?:
                break
            case nil:
                notifies = true
            }
        }
        if notifies, !global.json {
            switch await SaveFeedback.confirm(shown, global) {
            case true?:
                break
            case false?:
                return
            case nil:
                let reason =
                    "not saved: a linkstr://save link opened by the desktop is saved only once you allow it in a desktop notification, "
                    + "and none was answered; run `linkstr save \(saveLink.url)` to save it"
                await SaveFeedback.show(.notSaved(reason), global)
                throw CLIFailure(.failed, TerminalText.line(reason))
            }
        }
        try await SaveFeedback.run(quiet: notifies, global) {
            let context = try AccountContext.open(global)
            defer { context.host.stop() }
            let outcome = try await context.run { runtime throws(RuntimeError) in
                try await runtime.save(saveLink.url, tags: saveLink.tags, note: saveLink.note)
            }
            SaveCommand.report(outcome, context, global, quiet: notifies)
            return outcome
        }
    }
}
