import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// The sessions, most recently active first; archived ones only when asked.
    public func sessions(archived: Bool) throws(RuntimeError) -> [SessionSummary] {
        let records = try read(
            StorageQuery(
                owner: me.rawBytes, collection: EngineCollection.session, flagsMask: EngineCollection.archivedFlag,
                flagsValue: archived ? EngineCollection.archivedFlag : 0, descending: true))
        var summaries: [SessionSummary] = []
        for record in records {
            guard let id = SessionID(String(decoding: record.key, as: UTF8.self)) else { continue }
            summaries.append(try summary(of: id))
        }
        return summaries
    }

    /// One session's summary.
    public func summary(of id: SessionID) throws(RuntimeError) -> SessionSummary {
        guard let session = try withStore({ try store.session(id) }) else {
            throw RuntimeError(.badInput, "no session \(id) in this account")
        }
        let unread = StorageQuery(
            owner: me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id),
            flagsMask: EngineCollection.unreadFlag, flagsValue: EngineCollection.unreadFlag, descending: true)
        // Only posts that are shown count (see `LinkstrEngine.isVisible`): the first one ends the search.
        var anyUnread = false
        try forEachRecord(unread, pageSize: 16) { record throws(RuntimeError) in
            let post = try Self.storedPost(record)
            anyUnread = try withStore { try engine.isVisible(post) }
            return !anyUnread
        }
        let members = try withStore { try store.membership(id).current }
        return SessionSummary(
            id: id, name: try sessionLabels()[id] ?? session.name, sharedName: session.name, creator: session.creator, members: members,
            removed: !members.contains(me), unread: anyUnread, archived: session.archived, updatedAt: session.updatedAt)
    }

    /// How many shown posts of a session are unread.
    public func unreadCount(_ id: SessionID) throws(RuntimeError) -> Int {
        let unread = StorageQuery(
            owner: me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id),
            flagsMask: EngineCollection.unreadFlag, flagsValue: EngineCollection.unreadFlag)
        var count = 0
        for record in try read(unread) {
            let post = try Self.storedPost(record)
            if try withStore({ try engine.isVisible(post) }) { count += 1 }
        }
        return count
    }

    /// The newest `limit` posts of a session, oldest first, with their active reactions; only what
    /// is shown (see `LinkstrEngine.isVisible` and `LinkstrEngine.isShown`).
    public func feed(_ id: SessionID, limit: Int?) throws(RuntimeError) -> [FeedItem] {
        let posts = StorageQuery(owner: me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id), descending: true)
        // Most accounts never fetched a link's title (`feed --titles`): then no post needs a lookup.
        let anyMetadata = try !read(StorageQuery(owner: me.rawBytes, collection: EngineCollection.linkMetadata, limit: 1)).isEmpty
        var items: [FeedItem] = []
        if let limit {
            // A page a little longer than the limit: a post that is not shown takes a place in it.
            try forEachRecord(posts, pageSize: limit + 16) { record throws(RuntimeError) in
                guard items.count < limit else { return false }
                let post = try Self.storedPost(record)
                if try withStore({ try engine.isVisible(post) }) {
                    let reactions = try withStore { try store.reactions(on: PostReference(sessionID: id, postID: post.id)) }
                    items.append(try feedItem(post, reactions: reactions, metadata: anyMetadata))
                }
                return true
            }
        } else {
            let records = try read(posts)
            // The whole feed: one query of the account's reactions instead of one per post, unless
            // most of them belong to other sessions.
            let bySession = try withStore {
                try store.storedReactionCount() <= UInt64(4 * records.count) ? store.reactions(inSession: id) : nil
            }
            for record in records {
                let post = try Self.storedPost(record)
                guard try withStore({ try engine.isVisible(post) }) else { continue }
                let reactions = try withStore {
                    try bySession.map { $0[post.id] ?? [] } ?? store.reactions(on: PostReference(sessionID: id, postID: post.id))
                }
                items.append(try feedItem(post, reactions: reactions, metadata: anyMetadata))
            }
        }
        return items.reversed()
    }

    /// A shown post with its shown reactions grouped by emoji, and its link's title and thumbnail
    /// when `metadata` (any is stored).
    private func feedItem(_ post: Post, reactions: [Reaction], metadata: Bool) throws(RuntimeError) -> FeedItem {
        var grouped: [(emoji: String, senders: [PublicKey])] = []
        for reaction in reactions {
            guard try withStore({ try engine.isShown(reaction) }) else { continue }
            if let index = grouped.firstIndex(where: { $0.emoji == reaction.key.emoji }) {
                grouped[index].senders.append(reaction.key.sender)
            } else {
                grouped.append((reaction.key.emoji, [reaction.key.sender]))
            }
        }
        let stored = metadata ? try storedMetadata(post.url) : nil
        return FeedItem(post: post, reactions: grouped, title: stored?.title, thumbnail: stored?.thumbnail)
    }

    /// A session named by its id, by a unique name (case-insensitive; a member's own label counts as
    /// a name), or by a unique short id (the first `shortIDLength` or more characters of its id, any
    /// case). When several sessions have the name, the error lists them with their creator, member
    /// count and short id.
    public func resolveSession(_ text: String) throws(RuntimeError) -> SessionID {
        if let id = SessionID(text), try withStore({ try store.session(id) }) != nil { return id }
        let matches = try sessions(named: text)
        switch matches.count {
        case 1: return matches[0].id
        case 0:
            if let id = try session(shortID: text) { return id }
            throw RuntimeError(.badInput, "no session named or with id '\(text)'; see `linkstr sessions`")
        default:
            let candidates = matches.map { session in
                let count = "\(session.members.count) member\(session.members.count == 1 ? "" : "s")"
                let creator = session.creator == me ? "you" : displayName(of: session.creator)
                return "\(Self.shortID(session.id)) (created by \(creator), \(count)\(session.archived ? ", archived" : ""))"
            }
            throw RuntimeError(
                .badInput,
                "\(matches.count) sessions are named '\(text)': \(candidates.joined(separator: ", ")); name one by its short id, "
                    + "or rename one with `linkstr session rename`")
        }
    }

    /// How many leading characters of a session id name it where a name is ambiguous.
    public static let shortIDLength = 8

    /// The first `shortIDLength` characters of `id`.
    public static func shortID(_ id: SessionID) -> String { String(id.rawValue.prefix(shortIDLength)) }

    /// The one session whose id starts with `text` (any case, at least `shortIDLength` characters).
    private func session(shortID text: String) throws(RuntimeError) -> SessionID? {
        let prefix = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard prefix.count >= Self.shortIDLength else { return nil }
        let found = try (sessions(archived: false) + sessions(archived: true)).filter { $0.id.rawValue.uppercased().hasPrefix(prefix) }
        return found.count == 1 ? found[0].id : nil
    }

    /// The sessions, archived ones included, whose name is `name` (trimmed, case-insensitive).
    public func sessions(named name: String) throws(RuntimeError) -> [SessionSummary] {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return try (sessions(archived: false) + sessions(archived: true)).filter { $0.name.lowercased() == wanted }
    }

    /// The other sessions with the name of `session` (case-insensitive, archived ones included): while
    /// there are any, the name alone no longer names `session`, only its id does.
    public func namesakes(of session: SessionSummary) throws(RuntimeError) -> [SessionSummary] {
        try sessions(named: session.name).filter { $0.id != session.id }
    }

    /// A post of any session, named by its id or a unique prefix of at least 8 hex characters.
    public func resolvePost(_ text: String) throws(RuntimeError) -> Post {
        let references = try posts(matching: text, in: nil)
        switch references.count {
        case 1:
            guard let post = try withStore({ try store.post(references[0]) }) else {
                throw RuntimeError(.badInput, "no post \(text)")
            }
            return post
        case 0: throw RuntimeError(.badInput, "no post \(text) in any session")
        default: throw RuntimeError(.badInput, "\(references.count) posts start with \(text); give more characters")
        }
    }

    /// A post of a session named by its id or a unique prefix of at least 8 hex characters. The
    /// error names the session as `typed` (what the user typed), else by its shown name.
    public func resolvePost(_ text: String, in session: SessionID, typed: String? = nil) throws(RuntimeError) -> RumorID {
        let matches = try posts(matching: text, in: session).map(\.postID)
        switch matches.count {
        case 1: return matches[0]
        case 0:
            var name = typed
            if name == nil { name = try summary(of: session).name }
            throw RuntimeError(.badInput, "no post \(text) in session '\(name ?? session.rawValue)'; `linkstr feed` lists the posts and their short ids")
        default: throw RuntimeError(.badInput, "\(matches.count) posts start with \(text); give more characters")
        }
    }

    /// A post of a session named by its id or a unique prefix (`resolvePost(_:in:typed:)`).
    public func post(_ text: String, in session: SessionID, typed: String? = nil) throws(RuntimeError) -> Post {
        let id = try resolvePost(text, in: session, typed: typed)
        guard let post = try withStore({ try store.post(PostReference(sessionID: session, postID: id)) }) else {
            throw RuntimeError(.badInput, "no post \(text) in session '\(typed ?? session.rawValue)'")
        }
        return post
    }

    /// Marks one post, or every post of a session, read; returns how many changed.
    public func markRead(_ id: SessionID, post: RumorID?) throws(RuntimeError) -> Int {
        var posts: [Post] = []
        if let post {
            guard let found = try withStore({ try store.post(PostReference(sessionID: id, postID: post)) }) else {
                throw RuntimeError(.badInput, "no post \(post.hex) in session \(id)")
            }
            posts = [found]
        } else {
            let unread = try read(
                StorageQuery(
                    owner: me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id),
                    flagsMask: EngineCollection.unreadFlag, flagsValue: EngineCollection.unreadFlag))
            for record in unread { posts.append(try Self.storedPost(record)) }
        }
        let changed = try withStore { try engine.markRead(id, posts: posts) }
        try commit()
        return changed
    }

    /// Archives or unarchives a session (local only).
    public func setArchived(_ id: SessionID, _ archived: Bool) throws(RuntimeError) {
        try withStore { try engine.setArchived(id, archived) }
        try commit()
    }

    // MARK: Helpers

    /// The posts whose id starts with `text` (at least 8 hex characters), in one session or all.
    private func posts(matching text: String, in session: SessionID?) throws(RuntimeError) -> [PostReference] {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard wanted.count >= 8, wanted.count <= 64, wanted.allSatisfy(\.isHexDigit) else {
            throw RuntimeError(.badInput, "'\(text)' is not a post id; give the id or at least its first 8 hex characters")
        }
        let records = try read(StorageQuery(owner: me.rawBytes, collection: EngineCollection.post, parent: session.map(EngineCollection.sessionKey)))
        return records.compactMap { Self.postReference($0.key) }.filter { $0.postID.hex.hasPrefix(wanted) }
    }

    /// A query's records, their values opened.
    func read(_ query: StorageQuery) throws(RuntimeError) -> [StoredRecord] {
        try withStore { try store.query(query) }
    }

    /// Hands `body` the records of a descending `query`, newest first, until it returns false: read
    /// and opened `pageSize` at a time (all at once when nil), so that a caller that stops early
    /// (the first page of a feed) does not read the whole collection.
    ///
    /// A page ends at some sort value; the next one starts at that value again (records of equal sort
    /// come in one order, by key) and skips the records of that value already handed out.
    func forEachRecord(
        _ query: StorageQuery, pageSize: Int?, _ body: (StoredRecord) throws(RuntimeError) -> Bool
    ) throws(RuntimeError) {
        precondition(query.descending && query.limit == nil, "forEachRecord pages descending queries without a limit")
        var page = query
        var handedOut = 0
        while true {
            page.limit = pageSize.map { $0 + handedOut }
            let records = try read(page)
            for record in records.dropFirst(handedOut) {
                guard try body(record) else { return }
            }
            guard let pageSize, records.count == pageSize + handedOut, let last = records.last else { return }
            page.sortRange = page.sortRange.lowerBound...last.sort
            handedOut = records.reversed().prefix { $0.sort == last.sort }.count
        }
    }

    /// The post an opened post record holds; a damaged one is a storage error, never skipped silently.
    static func storedPost(_ record: StoredRecord) throws(RuntimeError) -> Post {
        guard let reference = postReference(record.key) else {
            throw RuntimeError(.storage, "storage: a post record has a malformed key")
        }
        do {
            return try EngineRecordCodec.decodePost(reference, record.value)
        } catch {
            throw RuntimeError(.storage, "storage: the stored post \(reference.postID.hex) of session \(reference.sessionID) is damaged (\(error))")
        }
    }

    /// The reference a post record's key encodes (session id ‖ 0 ‖ post id).
    static func postReference(_ key: [UInt8]) -> PostReference? {
        guard key.count > 33, key[key.count - 33] == 0, let session = SessionID(String(decoding: key[..<(key.count - 33)], as: UTF8.self)),
            let id = EventID(bytes: key[(key.count - 32)...])
        else { return nil }
        return PostReference(sessionID: session, postID: RumorID(id))
    }
}
