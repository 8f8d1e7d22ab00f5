import LinkstrEngine
import LinkstrHost
import NostrCore

/// The JSON records of the `--json` output (the command line) and of the C API (`linkstr.h`), built
/// from runtime values: both front ends print the same record for the same value. `text(_:)` encodes
/// one.
public enum JSONRecords {
    /// `{"ok":true}`: an operation that has nothing else to say.
    public static var ok: [String: Any] { ["ok": true] }

    /// The account's public identity; never its secret key.
    public static func identity(_ account: AccountFile, key: PublicKey) -> [String: Any] {
        var object: [String: Any] = ["npub": key.npub, "pubkey": key.hex, "key_store": account.keyStore.rawValue]
        object["name"] = account.name
        return object
    }

    /// An account connected to a remote signer: its identity, the signer (npub), its relays and
    /// whether the account existed.
    public static func remoteIdentity(_ account: AccountFile, key: PublicKey, signer: PublicKey, relays: [String], reconnected: Bool) -> [String: Any] {
        var object = identity(account, key: key)
        object["signer"] = signer.npub
        object["relays"] = relays
        object["reconnected"] = reconnected
        return object
    }

    /// One row of the session list.
    public static func session(_ summary: SessionSummary) -> [String: Any] {
        [
            "id": summary.id.rawValue, "name": summary.name, "shared_name": summary.sharedName, "creator": summary.creator.hex,
            "members": summary.members.map(\.hex), "unread": summary.unread, "archived": summary.archived, "removed": summary.removed,
            "updated_at": summary.updatedAt,
        ]
    }

    /// A session just created.
    public static func createdSession(_ summary: SessionSummary) -> [String: Any] {
        ["id": summary.id.rawValue, "name": summary.name, "members": summary.members.map(\.hex)]
    }

    /// A session's members (`session members`).
    public static func members(_ summary: SessionSummary) -> [String: Any] {
        ["id": summary.id.rawValue, "members": summary.members.map(\.hex)]
    }

    public static func feedItem(_ item: FeedItem) -> [String: Any] {
        var object = post(item.post)
        object["reactions"] = Dictionary(item.reactions.map { ($0.emoji, $0.senders.map(\.hex)) }, uniquingKeysWith: { $0 + $1 })
        object["title"] = item.title
        object["thumbnail"] = item.thumbnail
        object["cached_video"] = item.cachedVideo
        return object
    }

    public static func post(_ post: Post) -> [String: Any] {
        var object: [String: Any] = [
            "id": post.id.hex, "session": post.sessionID.rawValue, "sender": post.sender.hex, "url": post.url, "created_at": post.createdAt,
            "unread": post.unread,
        ]
        object["note"] = post.note
        return object
    }

    /// A post just sent.
    public static func sentPost(_ post: Post) -> [String: Any] {
        var object: [String: Any] = ["id": post.id.hex, "session": post.sessionID.rawValue, "url": post.url]
        object["note"] = post.note
        return object
    }

    /// A reaction just sent: whether it is now on.
    public static func sentReaction(_ reaction: Reaction) -> [String: Any] {
        ["ok": true, "emoji": reaction.key.emoji, "active": reaction.active]
    }

    public static func deletion(_ deletion: PostDeletion) -> [String: Any] {
        ["ok": true, "relay_copies_kept": deletion.relayCopiesKept]
    }

    public static func contact(_ contact: Contact) -> [String: Any] {
        var object: [String: Any] = ["pubkey": contact.pubkey.hex, "npub": contact.pubkey.npub]
        object["alias"] = contact.alias
        object["name"] = contact.profileName
        return object
    }

    /// One row of the relay list.
    public static func relay(_ relay: RelayEntry) -> [String: Any] {
        var object: [String: Any] = [
            "url": relay.url, "enabled": relay.enabled, "status": relay.enabled ? relay.status ?? "unknown" : "disabled",
            "source": relay.source.rawValue,
        ]
        object["error"] = relay.error
        object["checked_at"] = relay.checkedAt
        object["last_ok_at"] = relay.lastOKAt
        return object
    }

    public static func syncReport(_ report: SyncReport) -> [String: Any] {
        var object: [String: Any] = [
            "received": report.received, "accepted": report.accepted, "staged": report.staged, "rejected": report.rejected,
            "rejections": report.rejections,
            "waiting": Dictionary(report.waiting.map { ($0.key.key, $0.value) }, uniquingKeysWith: +),
        ]
        if report.interrupted { object["interrupted"] = true }
        return object
    }

    /// One accepted change, as `watch` reports it.
    public static func change(_ change: EngineChange) -> [String: Any] {
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

    /// Something to tell the user about (a live post or reaction from someone else), as a watch event.
    public static func notification(_ request: NotificationRequest) -> [String: Any] {
        var object: [String: Any] = ["type": "notification", "kind": request.kind.rawValue, "id": request.id, "created_at": request.createdAt]
        object["session_name"] = request.sessionName
        object["sender_name"] = request.senderName
        object["url"] = request.url
        object["note"] = request.note
        object["emoji"] = request.emoji
        object["deep_link"] = request.deepLink
        return object
    }
}
