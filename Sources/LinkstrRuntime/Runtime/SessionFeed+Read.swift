import LinkstrEngine
import LinkstrHost
import NostrCore

/// Reading a session's feed: its shown posts with their reactions (and the titles fetched of their
/// links), a page of them from a cursor, and the membership changes and names shown among them.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
extension SessionFeed {
    /// How many shown posts of a session are unread.
    static func unreadCount(_ id: SessionID, in account: isolated AccountRuntime) throws(LinkstrError) -> Int {
        let unread = StorageQuery(
            owner: account.me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id),
            flagsMask: EngineCollection.unreadFlag, flagsValue: EngineCollection.unreadFlag)
        var count = 0
        for record in try account.read(unread) {
            let post = try AccountRuntime.storedPost(record)
            if try account.withStore({ try account.engine.isVisible(post) }) { count += 1 }
        }
        return count
    }

    /// The newest `limit` posts of a session (older than `before`, when given: read from there, not
    /// from the newest), oldest first, with their active reactions; only what is shown (see
    /// `LinkstrEngine.isVisible` and `LinkstrEngine.isShown`).
    public static func posts(_ id: SessionID, limit: Int?, before: FeedCursor? = nil, in account: isolated AccountRuntime) throws(LinkstrError) -> [FeedItem] {
        var posts = StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.post, parent: EngineCollection.sessionKey(id), descending: true)
        // Posts of the cursor's second come by id, descending: those from the cursor's on were shown.
        let shownBefore = before.map { cursor in (time: cursor.createdAt, key: EngineCollection.postKey(PostReference(sessionID: id, postID: cursor.post))) }
        if let before { posts.sortRange = .min...before.createdAt }
        // Most accounts never fetched a link's title (`feed --titles`): then no post needs a lookup.
        let anyMetadata = try !account.read(StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.linkMetadata, limit: 1)).isEmpty
        var items: [FeedItem] = []
        if let limit {
            // A page a little longer than the limit: a post that is not shown takes a place in it.
            try account.forEachRecord(posts, pageSize: limit + 16) { record throws(LinkstrError) in
                guard items.count < limit else { return false }
                if let shownBefore, record.sort == shownBefore.time, !record.key.lexicographicallyPrecedes(shownBefore.key) { return true }
                let post = try AccountRuntime.storedPost(record)
                if try account.withStore({ try account.engine.isVisible(post) }) {
                    let reactions = try account.withStore { try account.store.reactions(on: PostReference(sessionID: id, postID: post.id)) }
                    items.append(try feedItem(post, reactions: reactions, metadata: anyMetadata, in: account))
                }
                return true
            }
        } else {
            let records = try account.read(posts)
            // The whole feed: one query of the account's reactions instead of one per post, unless
            // most of them belong to other sessions.
            let bySession = try account.withStore {
                try account.store.storedReactionCount() <= UInt64(4 * records.count) ? account.store.reactions(inSession: id) : nil
            }
            for record in records {
                let post = try AccountRuntime.storedPost(record)
                guard try account.withStore({ try account.engine.isVisible(post) }) else { continue }
                let reactions = try account.withStore {
                    try bySession.map { $0[post.id] ?? [] } ?? account.store.reactions(on: PostReference(sessionID: id, postID: post.id))
                }
                items.append(try feedItem(post, reactions: reactions, metadata: anyMetadata, in: account))
            }
        }
        return items.reversed()
    }

    /// A shown post with its shown reactions grouped by emoji, and its link's title and thumbnail
    /// when `metadata` (any is stored).
    private static func feedItem(_ post: Post, reactions: [Reaction], metadata: Bool, in account: isolated AccountRuntime) throws(LinkstrError) -> FeedItem {
        var grouped: [(emoji: String, senders: [PublicKey])] = []
        for reaction in reactions {
            guard try account.withStore({ try account.engine.isShown(reaction) }) else { continue }
            if let index = grouped.firstIndex(where: { $0.emoji == reaction.key.emoji }) {
                grouped[index].senders.append(reaction.key.sender)
            } else {
                grouped.append((reaction.key.emoji, [reaction.key.sender]))
            }
        }
        let stored = metadata ? try LinkTitles.storedMetadata(post.url, in: account) : nil
        return FeedItem(post: post, reactions: grouped, title: stored?.title, thumbnail: stored?.thumbnail)
    }

    /// A session's feed (`posts(_:limit:before:in:)`) with what is shown around it: its newest `limit`
    /// posts (all when nil), or with `before` (the `older` cursor of the page before) the `limit`
    /// posts older than that cursor, each page read from its cursor — the hundredth page of a long
    /// session as fast as the first; and where the next older page starts when posts were left out.
    /// A limited feed starts at its first post, and so do its membership changes.
    /// - Parameter fetchingTitles: fetch the missing link titles and thumbnails first (`fetchTitles`).
    public static func page(
        _ id: SessionID, limit: Int?, before: FeedCursor? = nil, fetchingTitles: Bool = false, in account: isolated AccountRuntime
    ) async throws(LinkstrError) -> SessionFeed {
        // One post more than the page says whether there are older ones.
        var items = try posts(id, limit: limit.map { $0 + 1 }, before: limit == nil ? nil : before, in: account)
        let more = limit.map { items.count > $0 } ?? false
        if more { items.removeFirst() }
        if fetchingTitles { items = try await LinkTitles.fetchTitles(items, in: account) }
        let videos = account.media.cachedVideos(of: items.map(\.post.url))
        for index in items.indices { items[index].cachedVideo = videos[items[index].post.url] }
        var changes = MembershipChange.changes(in: try membershipHistory(of: id, in: account))
        // The membership lines in the span of the page: from its oldest post (when older ones were
        // left out) to the cursor (lines of the cursor's second are the newer page's).
        if more, let first = items.first { changes.removeAll { $0.time < first.post.createdAt } }
        if let before, limit != nil { changes.removeAll { $0.time >= before.createdAt } }
        let names = Contacts.displayNames(of: items.map(\.post.sender) + changes.flatMap { $0.added + $0.removed }, in: account)
        let older = more ? items.first.map { FeedCursor(createdAt: $0.post.createdAt, post: $0.post.id) } : nil
        return SessionFeed(
            session: try Sessions.summary(of: id, in: account), items: items, unread: try unreadCount(id, in: account), membershipChanges: changes, names: names,
            older: older)
    }

    /// Every membership snapshot of a session, oldest first — what `linkstr feed` turns into its
    /// `in:` / `out:` lines.
    static func membershipHistory(of id: SessionID, in account: isolated AccountRuntime) throws(LinkstrError) -> MembershipHistory {
        try account.withStore { try account.store.membership(id) }
    }
}
