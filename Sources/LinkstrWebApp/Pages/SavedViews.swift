import LinkstrRuntime

/// What the Saved screens show, as plain values (``AppRuntime`` makes them from the runtime's).

/// The saved links a filter selects, and the tags to filter by.
struct SavedListView: Sendable {
    var links: [SavedLinkRow]
    /// Every tag of the kept links, best first, with on how many links it is.
    var tags: [TagCount]
}

struct SavedLinkRow: Sendable {
    var url: String
    var title: String?
    var note: String?
    var tags: [String]
    var savedAt: Int64
    var deletedAt: Int64?
    /// Who shared it ("You", alias, published name or npub), when it was saved from a post.
    var sharedBy: String?
    /// The name of the session it was shared in.
    var sharedIn: String?
}

struct TagCount: Sendable {
    var name: String
    var count: Int
}

/// The tags part of the save and edit views.
struct TagChoice: Sendable {
    /// The link's tags when it is saved (kept) already: a save adds to them.
    var savedTags: [String]?
    /// The other tags, best suggestion first (frecency, with the site's boost).
    var suggestions: [String]
}

/// A post whose link the save view saves.
struct PostToSave: Sendable {
    var session: String
    var sessionName: String
    var post: String
    var url: String
    var note: String?
}

/// The webhook and how its last sync went.
struct SavedSyncView: Sendable {
    /// The configured address (`[saved] webhook`), nil when there is none.
    var webhook: String?
    var status: WebhookStatus
}

/// What one sync of "Sync now" said.
struct SyncOutcome: Sendable {
    var what: String
    var said: String?
    var problem: String?
}
