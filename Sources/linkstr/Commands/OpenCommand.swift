import ArgumentParser
import Foundation
import LinkstrRuntime
import LinkstrTerminal

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a linkstr:// deep link: print the shared URL, its fields and how linkstr plays it.",
        discussion: """
            Both formats are accepted: the iPhone app's linkstr://open?p=<token> and
            linkstr://open?url=<URL>. An invalid link exits with status 2 and says why.

            With --launch, the shared URL is also opened in the browser with xdg-open.

            A linkstr://save?url=<URL>&tag=<T>&note=<TEXT> link saves the URL with its tags instead
            (a bookmarklet hands pages over this way) once you confirm it: on a terminal it asks
            there; with --quiet, or without a terminal, a desktop notification asks (Allow saves;
            no answer within a minute saves nothing). With --json it saves without asking.

            A bunker:// link (a remote signer) goes to `linkstr account connect`: it shows the signer
            and asks before connecting.

            Example:
              linkstr open 'linkstr://open?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ' --json
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Also open the shared URL with xdg-open.")
    var launch = false

    @Flag(help: "For a linkstr://save link: ask with a desktop notification instead of the terminal, and show the result as one.")
    var quiet = false

    @Argument(help: "A linkstr://open?… link (or a bunker:// link).")
    var link: String

    func run() async throws {
        if try await openRemoteSignerLink() { return }
        if let saveLink = try SaveLink.decode(link) {
            try await save(saveLink)
            return
        }
        let decoded: DeepLink
        do {
            decoded = try DeepLink.decode(link)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        try await global.withMedia { media in
            let opened: OpenedLink
            do throws(LinkOpenError) {
                opened = try media.open(decoded, launcher: launch ? LinkOpener(log: media.host.log, source: "linkstr open") : nil)
            } catch {
                switch error {
                case .notAWebLink: throw CLIFailure(.usage, error.description)
                case .programMissing: throw CLIFailure(.failed, "\(error); install xdg-utils (apt-get install xdg-utils) or open the link yourself")
                case .cannotStart: throw CLIFailure(.failed, error.description)
                }
            }
            if global.json {
                Terminal.printJSON(JSONRecords.OpenedLinkRow(opened))
                return
            }
            var text = "url:       \(TerminalText.line(decoded.url))\n"
            if let timestamp = decoded.timestamp, timestamp > 0 {
                text += "shared:    \(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(timestamp))))\n"
            }
            if let guid = decoded.messageGUID { text += "message:   \(TerminalText.line(guid))\n" }
            if let classification = opened.classification {
                text += "provider:  \(classification.provider)\nmode:      \(classification.mode.rawValue)\n"
                if let embed = classification.embedURL { text += "embed:     \(TerminalText.line(embed))\n" }
            }
            Terminal.write(text)
        }
    }
}

/// Remote signer links handed to `linkstr open` (the desktop handler of `bunker://` and
/// `nostrconnect://` runs it in a terminal).
extension OpenCommand {
    /// Connects a `bunker://` link as `linkstr account connect` does (showing the signer and asking
    /// first); explains a `nostrconnect://` link. Returns false for any other link.
    func openRemoteSignerLink() async throws -> Bool {
        let scheme = link.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }.lowercased()
        switch scheme {
        case BunkerLink.scheme:
            var connect = try AccountCommand.Connect.parse([link])
            connect.global = global
            try await connect.run()
            return true
        case NostrConnectLink.scheme:
            throw CLIFailure(.usage, ClickedLink.nostrConnectExplanation)
        default:
            return false
        }
    }
}

extension OpenCommand {
    /// Saves the URL of a `linkstr://save` link once the person confirms it: on the terminal, or —
    /// with `--quiet` or without a terminal (a handler any web page can start) —
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
            return try await AccountContext.with(global) { context in
                let outcome = try await context.run { runtime throws(LinkstrError) in
                    try await SavedLinks.save(saveLink.url, tags: saveLink.tags, note: saveLink.note, in: runtime)
                }
                SaveCommand.report(outcome, context, global, quiet: notifies)
                return outcome
            }
        }
    }
}
