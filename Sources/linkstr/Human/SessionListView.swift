import LinkstrRuntime
import LinkstrTerminal

/// `linkstr sessions` for people: one chat-list row per session — unread marker, name, last
/// activity, member count (or "removed" where this account was removed) — most recently active first.
///
///     ● Weekend videos   2m ago   3 members
///       Book club        3d ago   removed
///
///     1 archived session · linkstr sessions --archived
struct SessionListView {
    var sessions: [SessionSummary]
    /// Listing the archived sessions (`--archived`) rather than the active ones.
    var archived: Bool
    /// How many archived sessions exist (shown under the active list; 0 hides the hint).
    var archivedCount: Int
    var output: HumanOutput

    /// The widest a name column gets; longer names end in "…".
    static let nameColumns = 36

    func render() -> String {
        let style = output.style
        if sessions.isEmpty {
            if archived { return "no archived sessions\n" }
            guard archivedCount > 0 else { return "no sessions yet — create one with `linkstr session create NAME`\n" }
            let count = "\(archivedCount) archived session\(archivedCount == 1 ? "" : "s")"
            return "no active sessions; \(count) — list \(archivedCount == 1 ? "it" : "them") with `linkstr sessions --archived`\n"
        }
        let names = sessions.map { TerminalText.truncate(TerminalText.line($0.name), to: Self.nameColumns) }
        let times = sessions.map { RelativeTime.describe($0.updatedAt, now: output.now) }
        let nameWidth = names.map(TerminalText.width).max() ?? 0
        let timeWidth = times.map(TerminalText.width).max() ?? 0
        // Names shown twice get their ids, so either can be named on the command line.
        var seen: [String: Int] = [:]
        for session in sessions { seen[session.name.lowercased(), default: 0] += 1 }
        let counts = sessions.map { $0.removed ? "removed" : "\($0.members.count) member\($0.members.count == 1 ? "" : "s")" }
        let countWidth = counts.map(TerminalText.width).max() ?? 0
        var text = ""
        for (index, session) in sessions.enumerated() {
            let marker = session.unread ? style.paint("●", Palette.blue) : " "
            let name = style.paint(TerminalText.pad(names[index], to: nameWidth), session.unread ? Palette.foreground : Palette.foregroundDark, bold: session.unread)
            let time = style.paint(TerminalText.padLeft(times[index], to: timeWidth), session.unread ? Palette.blue : Palette.comment)
            var row = "\(marker) \(name)  \(time)  "
            if (seen[session.name.lowercased()] ?? 0) > 1 {
                row += style.paint(TerminalText.pad(counts[index], to: countWidth), Palette.dark5) + style.paint("  " + Sessions.shortID(session.id), Palette.comment)
            } else {
                row += style.paint(counts[index], session.removed ? Palette.red : Palette.dark5)
            }
            text += row + "\n"
        }
        if !archived, archivedCount > 0 { text += "\n" + archivedHint }
        return text
    }

    private var archivedHint: String {
        output.style.paint("\(archivedCount) archived session\(archivedCount == 1 ? "" : "s") · linkstr sessions --archived", Palette.comment) + "\n"
    }
}
