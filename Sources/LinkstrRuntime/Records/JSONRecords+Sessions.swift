import LinkstrEngine
import NostrCore

/// The records of sessions and their posts.
extension JSONRecords {
    /// One row of the session list.
    public struct SessionRow: Encodable, Sendable {
        public let id: String
        public let name: String
        public let sharedName: String
        public let creator: String
        public let members: [String]
        public let unread: Bool
        public let archived: Bool
        public let removed: Bool
        public let updatedAt: Int64

        public init(_ summary: SessionSummary) {
            (id, name, sharedName, creator) = (summary.id.rawValue, summary.name, summary.sharedName, summary.creator.hex)
            (members, unread, archived) = (summary.members.map(\.hex), summary.unread, summary.archived)
            (removed, updatedAt) = (summary.removed, summary.updatedAt)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, creator, members, unread, archived, removed
            case sharedName = "shared_name"
            case updatedAt = "updated_at"
        }
    }

    /// A session just created: `{"id","name","members"}`.
    public struct CreatedSession: Encodable, Sendable {
        public let id: String
        public let name: String
        public let members: [String]

        public init(_ summary: SessionSummary) {
            (id, name, members) = (summary.id.rawValue, summary.name, summary.members.map(\.hex))
        }
    }

    /// A session's members (`session members`).
    public struct SessionMembers: Encodable, Sendable {
        public let id: String
        public let members: [String]

        public init(_ summary: SessionSummary) {
            (id, members) = (summary.id.rawValue, summary.members.map(\.hex))
        }
    }

    /// A post as the feed and `watch` show it.
    public struct PostRow: Encodable, Sendable {
        public let id: String
        public let session: String
        public let sender: String
        public let url: String
        public let note: String?
        public let createdAt: Int64
        public let unread: Bool

        public init(_ post: Post) {
            (id, session, sender, url, note) = (post.id.hex, post.sessionID.rawValue, post.sender.hex, post.url, post.note)
            (createdAt, unread) = (post.createdAt, post.unread)
        }

        enum CodingKeys: String, CodingKey {
            case id, session, sender, url, note, unread
            case createdAt = "created_at"
        }
    }

    /// One post of the feed: the post, who reacted with what, and what the media cache knows of its link.
    public struct FeedRow: Encodable, Sendable {
        public let post: PostRow
        public let details: Details

        public struct Details: Encodable, Sendable {
            /// The senders (hex) of each emoji.
            public let reactions: [String: [String]]
            public let title: String?
            public let thumbnail: String?
            public let cachedVideo: String?

            enum CodingKeys: String, CodingKey {
                case reactions, title, thumbnail
                case cachedVideo = "cached_video"
            }
        }

        public init(_ item: FeedItem) {
            post = PostRow(item.post)
            details = Details(
                reactions: Dictionary(item.reactions.map { ($0.emoji, $0.senders.map(\.hex)) }, uniquingKeysWith: { $0 + $1 }),
                title: item.title, thumbnail: item.thumbnail, cachedVideo: item.cachedVideo)
        }

        public func encode(to encoder: any Encoder) throws {
            try Merged(post, details).encode(to: encoder)
        }
    }

    /// A post just sent.
    public struct SentPost: Encodable, Sendable {
        public let id: String
        public let session: String
        public let url: String
        public let note: String?

        public init(_ post: Post) {
            (id, session, url, note) = (post.id.hex, post.sessionID.rawValue, post.url, post.note)
        }
    }

    /// A reaction just sent: whether it is now on.
    public struct SentReaction: Encodable, Sendable {
        public let ok = true
        public let emoji: String
        public let active: Bool

        public init(_ reaction: Reaction) {
            (emoji, active) = (reaction.key.emoji, reaction.active)
        }
    }

    public struct Deletion: Encodable, Sendable {
        public let ok = true
        public let relayCopiesKept: Bool

        public init(_ deletion: PostDeletion) {
            relayCopiesKept = deletion.relayCopiesKept
        }

        enum CodingKeys: String, CodingKey {
            case ok
            case relayCopiesKept = "relay_copies_kept"
        }
    }
}
