import LinkstrHost

/// `linkstr relay list` for people, as the app's relay settings: a header with
/// `connected_or_readonly / total`, then one row per relay with a status dot and any error.
///
///     Relays · 1 / 2 connected or read-only (as the last connecting command saw them)
///
///     ● wss://relay.damus.io   connected
///     ● wss://nos.lol          failed · connection refused
///     ○ wss://relay.example    disabled
struct RelayListView {
    var relays: [RelayEntry]
    var output: HumanOutput

    func render() -> String {
        let style = output.style
        guard !relays.isEmpty else { return "no relays — add one with `linkstr relay add wss://…` or `linkstr relay reset`\n" }
        let usable = relays.filter { $0.enabled && ($0.status == "connected" || $0.status == "read-only") }.count
        var text = style.paint("Relays", Palette.foreground, bold: true)
            + style.paint(" · ", Palette.dark5) + style.paint("\(usable) / \(relays.count)", usable > 0 ? Palette.green : Palette.red, bold: true)
            + style.paint(" connected or read-only (as the last connecting command saw them)", Palette.dark5) + "\n\n"
        let urls = relays.map { TerminalText.line($0.url) }
        let width = urls.map(TerminalText.width).max() ?? 0
        for (relay, url) in zip(relays, urls) {
            let (status, dot, color) = Self.status(relay)
            var row = style.paint(dot, color) + " " + style.paint(TerminalText.pad(url, to: width), relay.enabled ? Palette.foreground : Palette.comment)
            row += "  " + style.paint(status, color)
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
