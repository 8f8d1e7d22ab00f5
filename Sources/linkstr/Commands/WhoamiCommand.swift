import ArgumentParser
import Foundation
import Glibc
import LinkstrRuntime
import LinkstrTerminal

struct WhoamiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami", abstract: "Show the active profile: its name, npub, published name and QR code (no secret needed).",
        discussion: """
            Reads only the public profile list, so it works while the key store is locked (and says
            so: "locked" in --json is true when a passphrase protects the key and `linkstr unlock`
            has not unlocked it; "auto_locked_at" says when the agent locked itself, after which a
            running watch still opens your messages until `linkstr lock`). The published name is the
            one others see (`linkstr account name`), as last published or synced. The QR code of the
            npub is drawn on a terminal only (--qr draws it anywhere). --copy puts the npub on the
            clipboard (wl-copy, xclip, or the terminal's OSC 52).

            Example:
              linkstr whoami --copy
              linkstr whoami --json
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Also copy the npub to the clipboard.") var copy = false
    @Flag(help: "Draw the QR code even when the output is not a terminal.") var qr = false

    func run() throws {
        let (profile, locked, autoLockedAt) = try global.withAccounts { accounts throws(LinkstrError) in
            let profile = try accounts.requireProfile()
            let locked = accounts.isLocked(profile)
            return (profile, locked, locked ? accounts.autoLockedAt() : nil)
        }
        let route = try copy ? Clipboard.copy(profile.npub) : nil
        if global.json {
            Terminal.printJSON(JSONRecords.Whoami(profile, locked: locked, autoLockedAt: autoLockedAt))
            return
        }
        let style = HumanOutput.current.style
        var state = ""
        if let autoLockedAt {
            state = "  (locked by the auto-lock at \(ISOTime.string(Int64(autoLockedAt.timeIntervalSince1970))): a running watch keeps opening "
                + "your messages until `linkstr lock`; the bunker and the browser helper answer \"locked\"; `linkstr unlock` unlocks it)"
        } else if locked {
            state = "  (locked; `linkstr unlock` unlocks it)"
        }
        var lines = [style.paint(profile.name, bold: true) + state, profile.npub]
        if let published = profile.account.publishedName {
            lines.append("published name: \(TerminalText.line(published))")
        } else {
            lines.append(style.paint("no published name; `linkstr account name NAME` publishes one", Palette.comment))
        }
        if qr || isatty(STDOUT_FILENO) == 1 {
            do {
                lines += [""] + TerminalQRCode.lines(try QRCode(encoding: profile.npub), style: style)
            } catch {
                throw CLIFailure(.failed, "cannot draw the QR code of \(profile.npub): \(error)")
            }
        }
        Terminal.write(lines.joined(separator: "\n") + "\n")
        if let route { Terminal.say("copied \(profile.npub) to the clipboard with \(route.rawValue)") }
    }
}
