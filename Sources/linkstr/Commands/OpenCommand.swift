import ArgumentParser
import Foundation
import LinkstrRuntime

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a linkstr:// deep link: print the shared URL, its fields and how linkstr plays it.",
        discussion: """
            Both formats are accepted: the iPhone app's linkstr://open?p=<token> and
            linkstr://open?url=<URL>. An invalid link exits with status 2 and says why.

            With --launch (what the desktop handler of `linkstr desktop install` runs), the shared URL
            is also opened in the browser with xdg-open.

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
        do {
            if let saveLink = try SaveLink.decode(link) {
                try await save(saveLink)
                return
            }
        } catch let error as RuntimeError {
            throw error.failure
        }
        let decoded: DeepLink
        do {
            decoded = try DeepLink.decode(link)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        let media = try global.openMedia()
        defer { media.host.stop() }
        let opened: OpenedLink
        do {
            opened = try media.open(decoded, launcher: launch ? LinkOpener(log: media.host.log, source: "linkstr open") : nil)
        } catch {
            switch error {
            case .notAWebLink: throw CLIFailure(.usage, error.description)
            case .programMissing: throw CLIFailure(.failed, "\(error); install xdg-utils (apt-get install xdg-utils) or open the link yourself")
            case .cannotStart: throw CLIFailure(.failed, error.description)
            }
        }
        if global.json {
            Terminal.printJSON(JSONRecords.openedLink(opened))
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
