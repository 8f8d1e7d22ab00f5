import Foundation

// What the commands print with `--json` (docs/cli.md), decoded for the tests that run `linkstr`.

/// `linkstr sync --json`
public struct SyncCounts: Decodable, Equatable, Sendable {
    public var received: Int
    public var accepted: Int
    public var staged: Int
    public var rejected: Int
    /// Why, and how many of each.
    public var rejections: [String: Int]
    /// What still waits, in words ("posts wait for a session you are not in yet"), and how many.
    public var waiting: [String: Int]
}

/// One entry of `linkstr feed --json`.
public struct FeedPost: Decodable, Equatable, Sendable {
    public var id: String
    public var sender: String
    public var url: String
    public var note: String?
    public var createdAt: Int64
    public var unread: Bool
    public var reactions: [String: [String]]

    public init(id: String, sender: String, url: String, note: String?, createdAt: Int64, unread: Bool, reactions: [String: [String]]) {
        (self.id, self.sender, self.url, self.note, self.createdAt, self.unread, self.reactions) = (id, sender, url, note, createdAt, unread, reactions)
    }

    enum CodingKeys: String, CodingKey {
        case id, sender, url, note, unread, reactions
        case createdAt = "created_at"
    }
}

/// One entry of `linkstr sessions --json`.
public struct SessionRow: Decodable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var creator: String
    public var members: [String]
    public var unread: Bool
    public var archived: Bool
    public var updatedAt: Int64

    public init(id: String, name: String, creator: String, members: [String], unread: Bool, archived: Bool, updatedAt: Int64) {
        (self.id, self.name, self.creator, self.members) = (id, name, creator, members)
        (self.unread, self.archived, self.updatedAt) = (unread, archived, updatedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, creator, members, unread, archived
        case updatedAt = "updated_at"
    }
}

/// `linkstr session create --json` and `session members --json`.
public struct SessionMembers: Decodable, Equatable, Sendable {
    public var id: String
    public var name: String?
    public var members: [String]
}

/// `linkstr post --json`.
public struct SentPost: Decodable, Equatable, Sendable {
    public var id: String
    public var session: String
    public var url: String
    public var note: String?

    public init(id: String, session: String, url: String, note: String?) {
        (self.id, self.session, self.url, self.note) = (id, session, url, note)
    }
}

/// `linkstr react --json`: the reaction as it now is.
public struct ReactionState: Decodable, Equatable, Sendable {
    public var ok: Bool
    public var emoji: String
    public var active: Bool

    public init(ok: Bool, emoji: String, active: Bool) {
        (self.ok, self.emoji, self.active) = (ok, emoji, active)
    }
}

/// `linkstr delete --json`.
public struct DeletedPost: Decodable, Equatable, Sendable {
    public var ok: Bool
    public var relayCopiesKept: Bool

    public init(ok: Bool, relayCopiesKept: Bool) {
        (self.ok, self.relayCopiesKept) = (ok, relayCopiesKept)
    }

    enum CodingKeys: String, CodingKey {
        case ok
        case relayCopiesKept = "relay_copies_kept"
    }
}

/// One entry of `linkstr relay list --json`.
public struct RelayRow: Decodable, Equatable, Sendable {
    public var url: String
    public var enabled: Bool
    public var status: String
    public var source: String
    public var error: String?
    public var checkedAt: Int64?
    public var lastOKAt: Int64?

    public init(url: String, enabled: Bool, status: String, source: String, error: String?, checkedAt: Int64?, lastOKAt: Int64? = nil) {
        (self.url, self.enabled, self.status, self.source, self.error, self.checkedAt) = (url, enabled, status, source, error, checkedAt)
        self.lastOKAt = lastOKAt
    }

    enum CodingKeys: String, CodingKey {
        case url, enabled, status, source, error
        case checkedAt = "checked_at"
        case lastOKAt = "last_ok_at"
    }
}

/// What a command that changes something prints with `--json`: at least `{"ok":true}`.
public struct Acknowledgement: Decodable, Equatable, Sendable {
    public var ok: Bool
}

/// One entry of `linkstr plugins --json`.
public struct PluginRow: Decodable, Equatable, Sendable {
    public var id: String
    public var version: String
    public var path: String
    public var provides: [String]
}

/// `linkstr plugins check PATH --json`.
public struct PluginCheckReport: Decodable, Equatable, Sendable {
    public var passed: Bool
    public var stages: [String]
}

/// `linkstr media classify --json`.
public struct MediaClassification: Decodable, Equatable, Sendable {
    public var provider: String
    public var mode: String
    public var canonicalURL: String
    public var embedURL: String?

    enum CodingKeys: String, CodingKey {
        case provider, mode
        case canonicalURL = "canonical_url"
        case embedURL = "embed_url"
    }
}

/// `linkstr media fetch --json`.
public struct FetchedVideo: Decodable, Equatable, Sendable {
    public var path: String
    public var bytes: Int
}

/// `linkstr open LINK --json`.
public struct OpenedLink: Decodable, Equatable, Sendable {
    public var url: String
    public var provider: String?
}
