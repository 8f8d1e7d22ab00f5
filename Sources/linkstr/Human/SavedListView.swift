import LinkstrRuntime
import LinkstrTerminal

/// `linkstr saved` for people: one block per link, newest first — its title (or URL), the URL
/// under a title, its tags, note and when it was saved.
///
///     Swift on Linux
///       https://swift.org/linux  · swift, code · 2d ago
struct SavedListView {
    var links: [SavedLink]
    /// Listing removed links (`--deleted`).
    var deleted: Bool
    /// The `--tag` and `--search` the list was filtered by: an empty list says none matched them.
    var tags: [String] = []
    var search: String? = nil
    var output: HumanOutput

    func render() -> String {
        let style = output.style
        if links.isEmpty { return emptyText }
        var text = ""
        for link in links {
            if let title = link.title { text += style.paint(TerminalText.line(title), bold: true) + "\n" }
            var details = [style.paint(link.url, Palette.blue, underline: true)]
            if !link.tags.isEmpty { details.append(style.paint(link.tags.joined(separator: ", "), Palette.magenta)) }
            let time = deleted ? link.deletedAt ?? link.updatedAt : link.savedAt
            details.append(style.paint((deleted ? "removed " : "") + RelativeTime.describe(time, now: output.now), Palette.comment))
            text += (link.title == nil ? "" : "  ") + details.joined(separator: " · ") + "\n"
            if let note = link.note { text += "  " + TerminalText.line(note) + "\n" }
        }
        return text
    }

    /// "none tagged swift" when filters matched nothing; otherwise that nothing is saved (or removed).
    private var emptyText: String {
        var criteria: [String] = []
        if !tags.isEmpty { criteria.append("tagged " + tags.map(TerminalText.line).joined(separator: " and ")) }
        if let search { criteria.append("matching \"\(TerminalText.line(search))\"") }
        if !criteria.isEmpty { return "none \(criteria.joined(separator: " and "))\(deleted ? " among the removed links" : "")\n" }
        return deleted ? "no removed links\n" : "no saved links — save one with `linkstr save URL --tag T`\n"
    }
}
