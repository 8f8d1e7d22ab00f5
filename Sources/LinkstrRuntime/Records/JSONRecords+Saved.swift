import Foundation

extension JSONRecords {
    /// A saved link: `{"id","url","tags","saved_at","note"?,"title"?,"deleted_at"?,"shared_by"?,"session"?}`.
    public struct SavedLinkRow: Encodable, Sendable {
        public let id: String
        public let url: String
        public let tags: [String]
        public let savedAt: String
        public let note: String?
        public let title: String?
        public let deletedAt: String?
        /// Who shared it (hex), when it was saved from a post.
        public let sharedBy: String?
        /// The session of that post.
        public let session: String?

        public init(_ link: SavedLink) {
            (id, url, tags, savedAt, note, title) = (link.id, link.url, link.tags, ISOTime.string(link.savedAt), link.note, link.title)
            (deletedAt, sharedBy, session) = (link.deletedAt.map(ISOTime.string), link.sharedBy?.hex, link.sharedIn?.rawValue)
        }

        enum CodingKeys: String, CodingKey {
            case id, url, tags, note, title, session
            case savedAt = "saved_at"
            case deletedAt = "deleted_at"
            case sharedBy = "shared_by"
        }
    }

    /// What `save` did: the link, and whether it was saved already.
    public struct SaveResult: Encodable, Sendable {
        public let link: SavedLinkRow
        public let saved: Saved

        public struct Saved: Encodable, Sendable {
            public let alreadySaved: Bool

            enum CodingKeys: String, CodingKey {
                case alreadySaved = "already_saved"
            }
        }

        public init(_ outcome: SaveOutcome) {
            (link, saved) = (SavedLinkRow(outcome.link), Saved(alreadySaved: outcome.alreadySaved))
        }

        public func encode(to encoder: any Encoder) throws {
            try JSONRecords.Merged(link, saved).encode(to: encoder)
        }
    }

    /// A tag with how often it is used and how well it fits: `{"name","count","score"}`.
    public struct TagRow: Encodable, Sendable {
        public let name: String
        public let count: Int
        public let score: Double

        public init(_ score: TagScore) {
            (name, count, self.score) = (score.name, score.count, score.score)
        }
    }

    /// `saved sync`: `{"sent","status","last_sync","last_attempt"?,"error"?,"failures","next_attempt"?}`.
    public struct WebhookSync: Encodable, Sendable {
        public let sent: Int
        public let status: String
        @NullWhenNil public var lastSync: String?
        public let failures: Int
        public let lastAttempt: String?
        public let error: String?
        public let nextAttempt: String?

        public init(_ status: WebhookStatus) {
            (sent, self.status, failures) = (status.sent, status.outcome.rawValue, status.failures)
            lastSync = status.lastSync.map(ISOTime.string)
            (lastAttempt, error, nextAttempt) = (status.lastAttempt.map(ISOTime.string), status.error, status.nextAttempt.map(ISOTime.string))
        }

        enum CodingKeys: String, CodingKey {
            case sent, status, failures, error
            case lastSync = "last_sync"
            case lastAttempt = "last_attempt"
            case nextAttempt = "next_attempt"
        }
    }
}
