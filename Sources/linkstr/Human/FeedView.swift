import LinkstrRuntime
import LinkstrTerminal

/// `linkstr feed` for people, like a chat: the session's name, then the posts oldest first under
/// sender headers (one header for consecutive posts of one sender), each with its unread marker,
/// the link's title (once known) and URL, the note as a callout, the reaction summary (one emoji
/// alone, counts capped at 10+), "▶ cached" when its video is in the media cache (`linkstr play`
/// plays it at once), its time and the id prefix that `react`, `delete`, `read` and `play` take.
/// The header's unread count is the whole session's, whatever `--limit` shows.
/// Membership changes after the first snapshot are `── in: Carol · out: Dave ──` lines, in time
/// order among the posts (as the app's centred separators).
///
///     Weekend videos · 2 members · 1 unread
///
///     Alice
///     ● Never Gonna Give You Up
///       https://www.youtube.com/watch?v=dQw4w9WgXcQ
///       ▍ the classic
///       🔥 2  👀 · 2h ago · 3f2a9c1e
struct FeedView {
    var feed: SessionFeed
    var me: PublicKey
    var output: HumanOutput

    func render() -> String {
        let style = output.style
        let (session, items) = (feed.session, feed.items)
        let unread = feed.unread
        var header = style.paint(TerminalText.line(session.name), Palette.foreground, bold: true)
        var details = ["\(session.members.count) member\(session.members.count == 1 ? "" : "s")"]
        if session.archived { details.append("archived") }
        header += style.paint(" · " + details.joined(separator: " · "), Palette.dark5)
        if unread > 0 { header += style.paint(" · \(unread) unread", Palette.blue) }
        var text = header + "\n"
        if items.isEmpty {
            return text + "\nno posts yet — share a link with `linkstr post \"\(TerminalText.line(session.name))\" URL`\n"
        }
        var previousSender: PublicKey?
        var pending = feed.membershipChanges[...]
        for item in items {
            let post = item.post
            while let change = pending.first, change.time <= post.createdAt {
                text += "\n" + render(change)
                pending = pending.dropFirst()
                previousSender = nil
            }
            if post.sender != previousSender {
                text += "\n" + style.person(senderName(post.sender), key: post.sender.rawBytes) + "\n"
            }
            previousSender = post.sender
            text += render(item)
        }
        for change in pending { text += "\n" + render(change) }
        return text
    }

    private func render(_ change: MembershipChange) -> String {
        let style = output.style
        let parts = change.added.map { "in: " + style.person(senderName($0), key: $0.rawBytes, bold: false) }
            + change.removed.map { "out: " + style.person(senderName($0), key: $0.rawBytes, bold: false) }
        let rule = style.paint("──", Palette.comment)
        return "\(rule) " + parts.joined(separator: style.paint(" · ", Palette.comment)) + " \(rule) "
            + style.paint(RelativeTime.describe(change.time, now: output.now), Palette.comment) + "\n"
    }

    private func render(_ item: FeedItem) -> String {
        let style = output.style
        let post = item.post
        let marker = post.unread ? style.paint("●", Palette.blue) : " "
        let url = TerminalText.line(post.url)
        var lines: [String] = []
        if let title = item.title.map(TerminalText.line), !title.isEmpty {
            lines.append("\(marker) " + style.paint(title, Palette.foreground, bold: true))
            lines.append("  " + style.paint(url, Palette.cyan))
        } else {
            lines.append("\(marker) " + style.paint(url, Palette.cyan, bold: post.unread))
        }
        for line in post.note.map(TerminalText.lines) ?? [] {
            lines.append("  " + style.paint("▍", Palette.magenta) + " " + style.paint(line, Palette.foregroundDark))
        }
        var meta: [String] = []
        let summary = Self.reactionSummary(item.reactions, style: style)
        if !summary.isEmpty { meta.append(summary) }
        if item.cachedVideo != nil { meta.append(style.paint("▶ cached", Palette.green)) }
        meta.append(style.paint(RelativeTime.describe(post.createdAt, now: output.now) + " · " + post.id.hex.prefix(8), Palette.comment))
        lines.append("  " + meta.joined(separator: style.paint(" · ", Palette.comment)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// "🔥 2  👀  👍 10+": one emoji alone when one person reacted, else its count, capped at 10+.
    static func reactionSummary(_ reactions: [(emoji: String, senders: [PublicKey])], style: Style) -> String {
        reactions.filter { !$0.senders.isEmpty }.map { reaction in
            let emoji = TerminalText.line(reaction.emoji)
            switch reaction.senders.count {
            case 1: return emoji
            case 2...10: return emoji + " " + style.paint("\(reaction.senders.count)", Palette.yellow)
            default: return emoji + " " + style.paint("10+", Palette.yellow)
            }
        }.joined(separator: "  ")
    }

    private func senderName(_ key: PublicKey) -> String {
        if key == me { return "You" }
        return PersonName.shown(feed.names[key], key: key)
    }
}

/// How a person's name is shown: the runtime's display name (alias, else profile name), or a
/// shortened npub when it has none.
enum PersonName {
    static func shown(_ name: String?, key: PublicKey) -> String {
        guard let name, name != key.npub else { return short(key) }
        let cleaned = TerminalText.line(name)
        return cleaned.isEmpty ? short(key) : TerminalText.truncate(cleaned, to: 40)
    }

    /// `npub1qqwe4…7x2k`
    static func short(_ key: PublicKey) -> String {
        let npub = key.npub
        return String(npub.prefix(11)) + "…" + String(npub.suffix(4))
    }
}
