import LinkstrRuntime
import LinkstrTerminal

/// One accepted change as a line for people (`linkstr watch` without --json), like a chat
/// client's activity line:
///
///     Weekend videos · Alice shared https://youtu.be/dQw4w9WgXcQ — the classic  (3f2a9c1e)
///     Weekend videos · Bob reacted 🔥 to 3f2a9c1e
///     Weekend videos · in: Carol · out: Dave
enum ChangeLine {
    /// `names` from `Sessions.names(for:in:)`.
    static func describe(_ change: EngineChange, names: ChangeNames, style: Style = .plain) -> String {
        let person = { (key: PublicKey) in
            style.person(key == names.me ? "You" : PersonName.shown(names.people[key], key: key), key: key.rawBytes, bold: false)
        }
        let id = { (post: RumorID) in style.paint(String(post.hex.prefix(8)), Palette.comment) }
        let what: String
        switch change {
        case .session(let session):
            what = "new session by \(person(session.creator))"
        case .members(_, _, let added, let removed):
            let parts = added.map { "in: " + person($0) } + removed.map { "out: " + person($0) }
            what = parts.isEmpty ? "members unchanged" : parts.joined(separator: style.paint(" · ", Palette.comment))
        case .post(let post):
            var text = "\(person(post.sender)) shared " + style.paint(TerminalText.line(post.url), Palette.cyan)
            if let note = post.note.map(TerminalText.line), !note.isEmpty { text += " — " + style.paint(note, Palette.foregroundDark) }
            what = text + "  " + id(post.id)
        case .reaction(let reaction):
            let emoji = TerminalText.line(reaction.key.emoji)
            what = reaction.active
                ? "\(person(reaction.key.sender)) reacted \(emoji) to \(id(reaction.key.postID))"
                : "\(person(reaction.key.sender)) took back \(emoji) on \(id(reaction.key.postID))"
        case .delete(let reference, let deletedBy):
            what = "\(person(deletedBy)) deleted \(id(reference.postID))"
        }
        let session = TerminalText.line(names.session ?? change.sessionID.rawValue)
        return style.paint(session, Palette.foreground, bold: true) + style.paint(" · ", Palette.comment) + what
    }
}
