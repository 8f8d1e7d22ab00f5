import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore

/// One accepted change as a line for people (`linkstr watch` without --json), like a chat
/// client's activity line:
///
///     Weekend videos · Alice shared https://youtu.be/dQw4w9WgXcQ — the classic  (3f2a9c1e)
///     Weekend videos · Bob reacted 🔥 to 3f2a9c1e
///     Weekend videos · in: Carol · out: Dave
enum ChangeLine {
    /// The names a line shows, looked up before it is printed.
    struct Names: Sendable {
        var sessions: [SessionID: String] = [:]
        var people: [PublicKey: String] = [:]
        var me: PublicKey?

        /// Looks up the session and the people `change` mentions.
        static func resolve(_ change: EngineChange, runtime: AccountRuntime) async -> Names {
            var names = Names(me: runtime.me)
            let (session, people) = mentioned(change)
            if let name = try? await runtime.summary(of: session).name { names.sessions[session] = name }
            for person in people { names.people[person] = await runtime.displayName(of: person) }
            return names
        }

        func session(_ id: SessionID) -> String { TerminalText.line(sessions[id] ?? id.rawValue) }

        func person(_ key: PublicKey) -> String { key == me ? "You" : PersonName.shown(people[key], key: key) }
    }

    static func describe(_ change: EngineChange, names: Names = Names(), style: Style = .plain) -> String {
        let (sessionID, _) = mentioned(change)
        let person = { (key: PublicKey) in style.person(names.person(key), key: key.rawBytes, bold: false) }
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
        return style.paint(names.session(sessionID), Palette.foreground, bold: true) + style.paint(" · ", Palette.comment) + what
    }

    /// The session a change belongs to and the people it names.
    static func mentioned(_ change: EngineChange) -> (SessionID, [PublicKey]) {
        switch change {
        case .session(let session): (session.id, [session.creator])
        case .members(let id, _, let added, let removed): (id, added + removed)
        case .post(let post): (post.sessionID, [post.sender])
        case .reaction(let reaction): (reaction.key.sessionID, [reaction.key.sender])
        case .delete(let reference, let deletedBy): (reference.sessionID, [deletedBy])
        }
    }
}
