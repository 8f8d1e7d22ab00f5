import LinkstrEngine
import LinkstrHost
import LinkstrRuntime
import NostrCore

/// The stable `--json` objects of the commands, built from runtime values.
enum OutputObjects {
    static func session(_ summary: SessionSummary) -> [String: Any] {
        [
            "id": summary.id.rawValue, "name": summary.name, "creator": summary.creator.hex, "members": summary.members.map(\.hex),
            "unread": summary.unread, "archived": summary.archived, "updated_at": summary.updatedAt,
        ]
    }

    static func feedItem(_ item: FeedItem) -> [String: Any] {
        var object = post(item.post)
        object["reactions"] = Dictionary(item.reactions.map { ($0.emoji, $0.senders.map(\.hex)) }, uniquingKeysWith: { $0 + $1 })
        object["title"] = item.title
        object["thumbnail"] = item.thumbnail
        return object
    }

    static func post(_ post: Post) -> [String: Any] {
        var object: [String: Any] = [
            "id": post.id.hex, "session": post.sessionID.rawValue, "sender": post.sender.hex, "url": post.url, "created_at": post.createdAt,
            "unread": post.unread,
        ]
        object["note"] = post.note
        return object
    }

    static func contact(_ contact: Contact) -> [String: Any] {
        var object: [String: Any] = ["pubkey": contact.pubkey.hex, "npub": contact.pubkey.npub]
        object["alias"] = contact.alias
        object["name"] = contact.profileName
        return object
    }

    /// One line of `linkstr watch`.
    static func change(_ change: EngineChange) -> [String: Any] {
        switch change {
        case .session(let session):
            return ["type": "session", "session": session.id.rawValue, "name": session.name, "creator": session.creator.hex]
        case .members(let sessionID, let members, let added, let removed):
            return [
                "type": "members", "session": sessionID.rawValue, "members": members.map(\.hex), "added": added.map(\.hex),
                "removed": removed.map(\.hex),
            ]
        case .post(let value):
            var object = post(value)
            object["type"] = "post"
            return object
        case .reaction(let reaction):
            return [
                "type": "reaction", "session": reaction.key.sessionID.rawValue, "post": reaction.key.postID.hex, "emoji": reaction.key.emoji,
                "sender": reaction.key.sender.hex, "active": reaction.active, "created_at": reaction.stamp.time,
            ]
        case .delete(let reference, let deletedBy):
            return ["type": "delete", "session": reference.sessionID.rawValue, "post": reference.postID.hex, "sender": deletedBy.hex]
        }
    }
}
