import LinkstrEngine

/// The storage collections that hold one account's linkstr state, and how their records are keyed.
/// Identifiers and timestamps stay plain for the indexes; everything a person wrote or chose (names,
/// URLs, notes, member and sender keys, aliases) is sealed by the account's `RecordCipher`, and keys
/// that would reveal a person are keyed HMACs (`RecordCipher.lookupHash`).
enum EngineCollection {
    /// key: session id · sort: updated_at · flags: `archivedFlag` · value: name, creator, stamps.
    static let session = "session"
    /// key: session id · value: every membership snapshot.
    static let membership = "membership"
    /// key: session id ‖ 0 ‖ post id · parent: session id · sort: created_at · flags: `unreadFlag`.
    static let post = "post"
    /// key: HMAC(session, post, emoji, sender) · parent: session id ‖ 0 ‖ post id · flags: `activeFlag`.
    static let reaction = "reaction"
    /// key: HMAC(session, post, deleter) · value: the delete notice's stamp.
    static let deletion = "deletion"
    /// key: session id ‖ 0 ‖ post id · parent: session id: posts whose delete was validated.
    static let tombstone = "tombstone"
    /// key: wrap id · sort: when it was seen: gift wraps already ingested.
    static let seenWrap = "wrap"
    /// key: wrap id · value: the rumor, waiting for what it depends on (kept across restarts).
    static let staged = "staged"
    /// key: HMAC(url) · value: the link's title and thumbnail URL, fetched by a media provider.
    static let linkMetadata = "metadata"
    /// key: a name (`AccountStateKey`) · value: small per-account settings and watermarks.
    static let accountState = "state"
    /// key: time ‖ 8 random bytes · sort: when stored (microseconds) · value: a change's kind and
    /// session: the change feed (`ChangeFeed`).
    static let change = "change"

    static let unreadFlag: Int64 = 1
    static let archivedFlag: Int64 = 2
    static let activeFlag: Int64 = 1

    static func sessionKey(_ id: SessionID) -> [UInt8] {
        Array(id.rawValue.utf8)
    }

    static func postKey(_ reference: PostReference) -> [UInt8] {
        sessionKey(reference.sessionID) + [0] + reference.postID.eventID.rawBytes
    }

    static func reactionKey(_ key: ReactionKey, cipher: RecordCipher) -> [UInt8] {
        cipher.lookupHash(postKey(PostReference(sessionID: key.sessionID, postID: key.postID)) + [0] + Array(key.emoji.utf8) + [0] + key.sender.rawBytes)
    }

    static func deletionKey(_ key: DeletionKey, cipher: RecordCipher) -> [UInt8] {
        cipher.lookupHash(postKey(PostReference(sessionID: key.sessionID, postID: key.postID)) + [0] + key.deletedBy.rawBytes)
    }
}
