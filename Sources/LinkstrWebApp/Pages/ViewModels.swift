/// What the pages show, as plain values (``AppRuntime`` makes them from the runtime's).

/// One row of the sessions list.
struct SessionRow: Sendable {
    var id: String
    var name: String
    var updatedAt: Int64
    var unread: Bool
    var memberCount: Int
    /// This account was removed: the session is read-only history.
    var removed: Bool
}

/// One page of a session's feed, newest first.
struct FeedView: Sendable {
    var id: String
    var name: String
    var memberCount: Int
    var removed: Bool
    var archived: Bool
    var posts: [PostRow]
    /// The membership changes in the span of `posts`, newest first.
    var membership: [MembershipLine]
    /// Where the page of the older posts starts (a cursor for `?before=`); nil when there are none.
    var older: String?
    /// This page starts at a cursor (it is not the newest).
    var isOlderPage = false
}

struct PostRow: Sendable {
    var id: String
    /// Alias, else published name, else npub.
    var sender: String
    var mine: Bool
    var url: String
    var note: String?
    var title: String?
    var createdAt: Int64
    var unread: Bool
    var reactions: [ReactionCount]
    var playback: Playback
    /// The link's thumbnail is in the local cache (served by the app, never fetched by the page).
    var hasThumbnail: Bool
    /// "Save for offline" is running or failed.
    var saving: SaveState?
}

/// How a post's link plays in the app.
enum Playback: Sendable, Equatable {
    /// Its extracted video is in the local cache: a `<video>` from the app.
    case cached
    /// A provider's player (its name, its address), loaded only after a click (its host is one the app's CSP frames).
    case embed(provider: String, url: String)
    /// Nothing to play here yet: "save for offline" may extract a video, else it opens in the browser.
    case link
}

/// "Save for offline" of one link.
enum SaveState: Sendable, Equatable {
    /// Downloading: the percentage, when the size is known.
    case running(percent: Int?)
    /// The extraction failed (no video to extract, or the download failed): why.
    case failed(String)
}

struct ReactionCount: Sendable {
    var emoji: String
    var count: Int
    /// This account is among those who reacted with it.
    var mine: Bool
}

/// "in: Bob" / "out: Carol".
struct MembershipLine: Sendable {
    var time: Int64
    var added: [String]
    var removed: [String]
}

struct ContactRow: Sendable {
    var npub: String
    /// Alias, else published name, else npub.
    var name: String
    /// The published name, when an alias is shown instead (then it comes second).
    var publishedName: String?
}

/// A session's members, for its members screen.
struct MembersView: Sendable {
    var id: String
    var name: String
    /// This account created the session and is still in it: it adds and removes members.
    var mayChange: Bool
    var removed: Bool
    var members: [MemberRow]
}

struct MemberRow: Sendable {
    var npub: String
    /// "You", else alias, else published name, else npub.
    var name: String
    var isMe: Bool
    var isCreator: Bool
}

/// The You screen: who this account is to others.
struct IdentityView: Sendable {
    var npub: String
    var publishedName: String?
    /// The npub's QR code: `qrSize` × `qrSize` modules, row by row, true for dark.
    var qrSize: Int
    var qrModules: [Bool]
}

/// One relay of the settings, with what was last seen of it.
struct RelayRow: Sendable {
    var url: String
    var enabled: Bool
    /// "config", "default" or "added".
    var source: String
    /// `connected`, `failed`, … or nil when never seen.
    var status: String?
    var error: String?
}

/// The ways an account ends on this machine, each confirmed first as the command line confirms it.
enum AccountEnding: String, Sendable, CaseIterable {
    /// The key goes; sessions and posts stay (encrypted) for when it is imported again.
    case logOut = "logout"
    /// The key and every record of the account go.
    case logOutClearingData = "clear"
    /// An empty follow list and a request to vanish go to the relays, then the key and every record.
    case deleteAccount = "delete"
}
