import LinkstrRuntime
import LinkstrTerminal

/// `linkstr relay list` for people, as the app's relay settings: a header with
/// `connected_or_readonly / total` and where the base list comes from, then one row per relay with a
/// status dot, its source, its status, when that was seen, when it last accepted an event and any
/// error; then the base relays the user removed.
///
///     Relays · 1 / 3 connected or read-only (as the last command that used them saw them)
///     base: relays = [...] in /home/alice/.config/linkstr/config.toml
///
///     ● wss://relay.damus.io   config  connected · 5m ago
///     ● ws://127.0.0.1:7777    added   failed · 2m ago · cannot connect: connection refused
///     ○ wss://relay.example    config  disabled
struct RelayListView {
    var relays: [RelayEntry]
    /// Where the base list comes from (`.config` or `.default`), and the config file that sets it.
    var base: RelaySource
    var configFile: String
    /// Base relays the user removed.
    var removed: [String]
    var output: HumanOutput

    func render() -> String {
        let style = output.style
        var text: String
        if relays.isEmpty {
            text = "no relays — add one with `linkstr relay add wss://…` or `linkstr relay reset`\n"
        } else {
            let usable = relays.filter { $0.enabled && ($0.status == "connected" || $0.status == "read-only") }.count
            text = style.paint("Relays", Palette.foreground, bold: true)
                + style.paint(" · ", Palette.dark5) + style.paint("\(usable) / \(relays.count)", usable > 0 ? Palette.green : Palette.red, bold: true)
                + style.paint(" connected or read-only (as the last command that used them saw them)", Palette.dark5) + "\n"
        }
        text += style.paint(baseLine, Palette.comment) + "\n"
        if !relays.isEmpty { text += "\n" + rows() }
        if !removed.isEmpty {
            let them = removed.count == 1 ? "it" : "them"
            text += "\n" + style.paint("removed by you: \(removed.map(TerminalText.line).joined(separator: ", ")) (`linkstr relay reset` brings \(them) back)", Palette.comment) + "\n"
        }
        return text
    }

    private var baseLine: String {
        let file = TerminalText.line(configFile)
        switch base {
        case .config: return "base: relays = [...] in \(file)"
        default: return "base: the iPhone app's defaults (set relays = [...] in \(file) to replace them)"
        }
    }

    private func rows() -> String {
        let style = output.style
        let urls = relays.map { TerminalText.line($0.url) }
        let width = urls.map(TerminalText.width).max() ?? 0
        let sourceWidth = relays.map { $0.source.rawValue.count }.max() ?? 0
        var text = ""
        for (relay, url) in zip(relays, urls) {
            let (status, dot, color) = Self.status(relay)
            var row = style.paint(dot, color) + " " + style.paint(TerminalText.pad(url, to: width), relay.enabled ? Palette.foreground : Palette.comment)
            row += "  " + style.paint(TerminalText.pad(relay.source.rawValue, to: sourceWidth), Palette.dark5)
            row += "  " + style.paint(status, color)
            if relay.enabled, let checkedAt = relay.checkedAt {
                row += style.paint(" · " + RelativeTime.describe(checkedAt, now: output.now), Palette.dark5)
            }
            if relay.enabled, let lastOKAt = relay.lastOKAt {
                row += style.paint(" · last OK " + RelativeTime.describe(lastOKAt, now: output.now), Palette.dark5)
            }
            if relay.enabled, let error = relay.error.map(TerminalText.line), !error.isEmpty {
                row += style.paint(" · " + error, Palette.comment)
            }
            text += row + "\n"
        }
        return text
    }

    /// The status word, its dot and colour: connected, read-only, connecting, failed, disabled.
    static func status(_ relay: RelayEntry) -> (String, String, Palette.Color) {
        guard relay.enabled else { return ("disabled", "○", Palette.comment) }
        switch relay.status {
        case "connected": return ("connected", "●", Palette.green)
        case "read-only": return ("read-only", "●", Palette.cyan)
        case "connecting": return ("connecting", "◌", Palette.yellow)
        case "failed": return ("failed", "●", Palette.red)
        case let other?: return (TerminalText.line(other), "●", Palette.yellow)
        case nil: return ("not connected yet", "○", Palette.dark5)
        }
    }
}
