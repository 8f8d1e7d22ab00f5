import LinkstrEngine
import NostrCore

/// One accepted change as a line for people (`linkstr watch` without --json).
enum ChangeLine {
    static func describe(_ change: EngineChange) -> String {
        switch change {
        case .session(let session): "session  \(session.name) (\(session.id))"
        case .members(let id, _, let added, let removed):
            "members  \(id): " + (added.map { "in: \(short($0))" } + removed.map { "out: \(short($0))" }).joined(separator: ", ")
        case .post(let post): "post     \(short(post.sender)) in \(post.sessionID): \(post.url)\(post.note.map { " — \($0)" } ?? "")"
        case .reaction(let reaction):
            "reaction \(short(reaction.key.sender)) \(reaction.active ? "" : "removed ")\(reaction.key.emoji) on \(reaction.key.postID.hex.prefix(8))"
        case .delete(let reference, let deletedBy): "delete   \(short(deletedBy)) deleted \(reference.postID.hex.prefix(8))"
        }
    }

    private static func short(_ key: PublicKey) -> String {
        String(key.npub.prefix(16)) + "…"
    }
}
