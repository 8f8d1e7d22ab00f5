import LinkstrEngine
import NostrCore

/// The records of what a sync and a watch receive.
extension JSONRecords {
    /// What a sync received and did with it; `interrupted` only when it was.
    public struct SyncCounts: Encodable, Sendable {
        public let received: Int
        public let accepted: Int
        public let staged: Int
        public let rejected: Int
        public let rejections: [String: Int]
        /// What still waits, in words, with counts.
        public let waiting: [String: Int]
        public let interrupted: Bool?

        public init(_ report: SyncReport) {
            (received, accepted, staged, rejected, rejections) = (report.received, report.accepted, report.staged, report.rejected, report.rejections)
            waiting = Dictionary(report.waiting.map { ($0.key.key, $0.value) }, uniquingKeysWith: +)
            interrupted = report.interrupted ? true : nil
        }
    }

    /// One accepted change, as `watch` reports it.
    public static func change(_ change: EngineChange) -> Typed {
        switch change {
        case .session(let session):
            Typed("session", SessionChange(session: session.id.rawValue, name: session.name, creator: session.creator.hex))
        case .members(let sessionID, let members, let added, let removed):
            Typed(
                "members",
                MembersChange(session: sessionID.rawValue, members: members.map(\.hex), added: added.map(\.hex), removed: removed.map(\.hex)))
        case .post(let post):
            Typed("post", PostRow(post))
        case .reaction(let reaction):
            Typed("reaction", ReactionChange(reaction))
        case .delete(let reference, let deletedBy):
            Typed("delete", DeleteChange(session: reference.sessionID.rawValue, post: reference.postID.hex, sender: deletedBy.hex))
        }
    }

    /// A session that appeared or changed, as `watch` reports it.
    public struct SessionChange: Encodable, Sendable {
        public let session: String
        public let name: String
        public let creator: String
    }

    /// A session's new members, and who was added and removed.
    public struct MembersChange: Encodable, Sendable {
        public let session: String
        public let members: [String]
        public let added: [String]
        public let removed: [String]
    }

    public struct ReactionChange: Encodable, Sendable {
        public let session: String
        public let post: String
        public let emoji: String
        public let sender: String
        public let active: Bool
        public let createdAt: Int64

        init(_ reaction: Reaction) {
            (session, post, emoji) = (reaction.key.sessionID.rawValue, reaction.key.postID.hex, reaction.key.emoji)
            (sender, active, createdAt) = (reaction.key.sender.hex, reaction.active, reaction.stamp.time)
        }

        enum CodingKeys: String, CodingKey {
            case session, post, emoji, sender, active
            case createdAt = "created_at"
        }
    }

    /// A post deleted, and by whom.
    public struct DeleteChange: Encodable, Sendable {
        public let session: String
        public let post: String
        public let sender: String
    }

    /// Something to tell the user about (a live post or reaction from someone else), as a watch event.
    public struct NotificationEvent: Encodable, Sendable {
        public let type = "notification"
        public let kind: String
        public let id: String
        public let createdAt: Int64
        public let sessionName: String?
        public let senderName: String?
        public let url: String?
        public let note: String?
        public let emoji: String?
        public let deepLink: String?

        public init(_ request: NotificationRequest) {
            (kind, id, createdAt) = (request.kind.rawValue, request.id, request.createdAt)
            (sessionName, senderName) = (request.sessionName, request.senderName)
            (url, note, emoji, deepLink) = (request.url, request.note, request.emoji, request.deepLink)
        }

        enum CodingKeys: String, CodingKey {
            case type, kind, id, url, note, emoji
            case createdAt = "created_at"
            case sessionName = "session_name"
            case senderName = "sender_name"
            case deepLink = "deep_link"
        }
    }
}
