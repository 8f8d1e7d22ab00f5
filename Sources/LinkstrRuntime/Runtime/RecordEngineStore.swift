import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// The engine's state in a storage backend: each entity a record (see ``EngineCollection``), its
/// sensitive fields sealed by the account's `RecordCipher` before they reach the plugin.
///
/// Writes are buffered and applied by ``flush()`` in one transaction, together with the seen-wrap
/// marks of the rumors that caused them, so a crash loses a whole batch or nothing: the wraps of a
/// lost batch were not marked seen, and the next sync ingests them again. Reads see the buffered
/// writes. Every read is cached until the next flush only: another process (the command line beside
/// a running `watch`) may change the same account between two batches, and a batch must not write
/// back what it read before. A session changes with every post (its `updated_at`), so a changed
/// session is sealed and written once per flush, not once per change; its archive flag is local
/// state that only the user changes, so a flush keeps the stored flag unless this store archived or
/// unarchived the session itself.
///
/// A read throws the storage failure, or a `PluginError` of kind `io` when a record does not decrypt
/// or is damaged; a write throws when its value cannot be sealed. A call that throws leaves the
/// batch incomplete: the caller discards it (``discardPending()``), as the runtime does on every
/// failure.
///
/// Thread rule: not thread-safe; the runtime's actor owns it.
public final class RecordEngineStore: EngineStore {
    let backend: StorageBackend
    let owner: [UInt8]
    let cipher: RecordCipher

    private var pending: [StorageOperation] = []
    private var sessions: [SessionID: Session] = [:]
    /// Sessions changed since the last flush (their new state is in `sessions`).
    private var changedSessions: Set<SessionID> = []
    /// Sessions this store archived or unarchived since the last flush.
    private var archiveChanges: Set<SessionID> = []
    private var memberships: [SessionID: MembershipHistory] = [:]
    private var posts: [PostReference: Post?] = [:]
    private var reactionCache: [ReactionKey: Reaction?] = [:]
    /// Posts whose reactions were deleted since the last flush (stored ones no longer count).
    private var clearedReactions: Set<PostReference> = []
    private var deletions: [DeletionKey: Stamp?] = [:]
    private var tombstones: [PostReference: Bool] = [:]
    private var seenWraps: Set<WrapID> = []
    /// The links of posts deleted since the last flush (see ``takeReleasedLinks()``).
    private var releasedLinks: [String] = []
    /// The links of posts deleted by the last flush that wrote.
    private var committedReleasedLinks: [String] = []
    private var postsExist: Bool?
    /// Whether the account has any deletion notice, any tombstone (asked once per flush): most have
    /// none, and then an incoming post needs no lookup of either.
    private var deletionsExist: Bool?
    private var tombstonesExist: Bool?

    /// The current time in Unix seconds: when a wrap was seen (the sort of its record).
    let clock: () -> Int64

    public init(
        backend: StorageBackend, owner: PublicKey, cipher: RecordCipher,
        clock: @escaping () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) {
        self.backend = backend
        self.owner = owner.rawBytes
        self.cipher = cipher
        self.clock = clock
    }

    /// Buffered operations not yet applied.
    public var pendingCount: Int { pending.count + changedSessions.count }

    /// Applies the buffered writes in one transaction. When it throws, nothing was written and the
    /// batch is to be discarded.
    public func flush() throws(PluginError) {
        for id in changedSessions.sorted() {
            guard var session = sessions[id] else { continue }
            if !archiveChanges.contains(id), let archived = try storedArchiveFlag(id) { session.archived = archived }
            try put(
                EngineCollection.session, key: EngineCollection.sessionKey(id), sort: session.updatedAt,
                flags: session.archived ? EngineCollection.archivedFlag : 0, value: EngineRecordCodec.encode(session))
        }
        changedSessions.removeAll(keepingCapacity: true)
        archiveChanges.removeAll()
        guard !pending.isEmpty else {
            forgetReads()
            return
        }
        try backend.apply(pending)
        pending.removeAll(keepingCapacity: true)
        committedReleasedLinks += releasedLinks
        releasedLinks.removeAll()
        forgetReads()
    }

    /// The links of the posts deleted since the last call, once their deletion is stored: their
    /// cached media may go when no other post shares them.
    public func takeReleasedLinks() -> [String] {
        defer { committedReleasedLinks.removeAll() }
        return committedReleasedLinks
    }

    /// Forgets what was read, so the next batch reads what is stored now.
    private func forgetReads() {
        sessions.removeAll(keepingCapacity: true)
        memberships.removeAll(keepingCapacity: true)
        posts.removeAll(keepingCapacity: true)
        reactionCache.removeAll(keepingCapacity: true)
        clearedReactions.removeAll()
        deletions.removeAll(keepingCapacity: true)
        tombstones.removeAll(keepingCapacity: true)
        seenWraps.removeAll(keepingCapacity: true)
        postsExist = nil
        deletionsExist = nil
        tombstonesExist = nil
    }

    /// Forgets the buffered writes and every cache (after a failure, or to drop a batch).
    public func discardPending() {
        pending.removeAll()
        sessions.removeAll()
        changedSessions.removeAll()
        archiveChanges.removeAll()
        memberships.removeAll()
        posts.removeAll()
        reactionCache.removeAll()
        clearedReactions.removeAll()
        deletions.removeAll()
        tombstones.removeAll()
        seenWraps.removeAll()
        releasedLinks.removeAll()
        postsExist = nil
        deletionsExist = nil
        tombstonesExist = nil
    }

    // MARK: Sessions and membership

    public func session(_ id: SessionID) throws(PluginError) -> Session? {
        if let cached = sessions[id] { return cached }
        guard let record = try read(EngineCollection.session, key: EngineCollection.sessionKey(id)) else { return nil }
        let session = try RecordValueError.asStorageFailure { () throws(RecordValueError) in try EngineRecordCodec.decodeSession(id, record) }
        sessions[id] = session
        return session
    }

    /// Buffers the session; `flush()` writes its latest state.
    public func putSession(_ session: Session) throws(PluginError) {
        if let known = try self.session(session.id), known.archived != session.archived {
            archiveChanges.insert(session.id)
        }
        sessions[session.id] = session
        changedSessions.insert(session.id)
    }

    public func membership(_ id: SessionID) throws(PluginError) -> MembershipHistory {
        if let cached = memberships[id] { return cached }
        var history = MembershipHistory()
        if let record = try read(EngineCollection.membership, key: EngineCollection.sessionKey(id)) {
            history = try RecordValueError.asStorageFailure { () throws(RecordValueError) in try EngineRecordCodec.decodeMembership(record) }
        }
        memberships[id] = history
        return history
    }

    public func putMembership(_ history: MembershipHistory, for id: SessionID) throws(PluginError) {
        try put(EngineCollection.membership, key: EngineCollection.sessionKey(id), value: EngineRecordCodec.encode(history))
        memberships[id] = history
    }

    // MARK: Posts

    public func post(_ reference: PostReference) throws(PluginError) -> Post? {
        if let cached = posts[reference] { return cached }
        var post: Post?
        if let record = try read(EngineCollection.post, key: EngineCollection.postKey(reference)) {
            post = try RecordValueError.asStorageFailure { () throws(RecordValueError) in try EngineRecordCodec.decodePost(reference, record) }
        }
        posts[reference] = post
        return post
    }

    public func putPost(_ post: Post) throws(PluginError) {
        let reference = PostReference(sessionID: post.sessionID, postID: post.id)
        try put(
            EngineCollection.post, key: EngineCollection.postKey(reference), parent: EngineCollection.sessionKey(post.sessionID),
            sort: post.createdAt, flags: post.unread ? EngineCollection.unreadFlag : 0, value: EngineRecordCodec.encode(post))
        posts[reference] = post
        postsExist = true
    }

    public func deletePost(_ reference: PostReference) throws(PluginError) {
        if let url = try post(reference)?.url { releasedLinks.append(url) }
        posts[reference] = .some(nil)
        pending.append(.delete(owner: owner, collection: EngineCollection.post, key: EngineCollection.postKey(reference)))
    }

    public var hasPosts: Bool {
        get throws(PluginError) {
            if let postsExist { return postsExist }
            let exists = try backend.count(owner: owner, collection: EngineCollection.post) > 0
            postsExist = exists
            return exists
        }
    }

    // MARK: Reactions

    public func reaction(_ key: ReactionKey) throws(PluginError) -> Reaction? {
        if let cached = reactionCache[key] { return cached }
        let reference = PostReference(sessionID: key.sessionID, postID: key.postID)
        var found: Reaction?
        if !clearedReactions.contains(reference), let record = try read(EngineCollection.reaction, key: EngineCollection.reactionKey(key, cipher: cipher)) {
            found = try RecordValueError.asStorageFailure { () throws(RecordValueError) in try EngineRecordCodec.decodeReaction(reference, record) }
        }
        reactionCache[key] = found
        return found
    }

    public func putReaction(_ reaction: Reaction) throws(PluginError) {
        let reference = PostReference(sessionID: reaction.key.sessionID, postID: reaction.key.postID)
        try put(
            EngineCollection.reaction, key: EngineCollection.reactionKey(reaction.key, cipher: cipher), parent: EngineCollection.postKey(reference),
            sort: reaction.stamp.time, flags: reaction.active ? EngineCollection.activeFlag : 0, value: EngineRecordCodec.encode(reaction))
        reactionCache[reaction.key] = reaction
    }

    public func reactions(on reference: PostReference) throws(PluginError) -> [Reaction] {
        let records = clearedReactions.contains(reference)
            ? [] : try query(StorageQuery(owner: owner, collection: EngineCollection.reaction, parent: EngineCollection.postKey(reference)))
        return try reactions(on: reference, stored: records)
    }

    /// The reactions of every post of `session` that has any, by post id, each list as
    /// ``reactions(on:)`` gives it — from one query of all the account's reactions instead of one
    /// query per post (a whole feed).
    func reactions(inSession session: SessionID) throws(PluginError) -> [RumorID: [Reaction]] {
        let prefix = EngineCollection.sessionKey(session) + [0]
        var stored: [RumorID: [StoredRecord]] = [:]
        for record in try query(StorageQuery(owner: owner, collection: EngineCollection.reaction))
        where record.parent.count == prefix.count + 32 && record.parent.starts(with: prefix) {
            guard let id = EventID(bytes: record.parent[prefix.count...]) else { continue }
            stored[RumorID(id), default: []].append(record)
        }
        for key in reactionCache.keys where key.sessionID == session { stored[key.postID, default: []] += [] }
        var byPost: [RumorID: [Reaction]] = [:]
        for (postID, records) in stored {
            let reference = PostReference(sessionID: session, postID: postID)
            byPost[postID] = try reactions(on: reference, stored: clearedReactions.contains(reference) ? [] : records)
        }
        return byPost
    }

    /// The reactions of `stored` (the records of `reference`'s reactions) with the unflushed ones
    /// over them, oldest first.
    private func reactions(on reference: PostReference, stored: [StoredRecord]) throws(PluginError) -> [Reaction] {
        var byKey: [ReactionKey: Reaction] = [:]
        for record in stored {
            let reaction = try RecordValueError.asStorageFailure { () throws(RecordValueError) in try EngineRecordCodec.decodeReaction(reference, record.value) }
            byKey[reaction.key] = reaction
        }
        for (key, cached) in reactionCache where key.sessionID == reference.sessionID && key.postID == reference.postID {
            byKey[key] = cached
        }
        return byKey.values.sorted { $0.stamp < $1.stamp }
    }

    /// How many reactions the account has stored (every session).
    func storedReactionCount() throws(PluginError) -> UInt64 {
        try backend.count(owner: owner, collection: EngineCollection.reaction)
    }

    public func deleteReactions(on reference: PostReference) {
        clearedReactions.insert(reference)
        for key in reactionCache.keys where key.sessionID == reference.sessionID && key.postID == reference.postID {
            reactionCache[key] = .some(nil)
        }
        pending.append(.deleteParent(owner: owner, collection: EngineCollection.reaction, parent: EngineCollection.postKey(reference)))
    }

    // MARK: Deletes

    public func deletion(_ key: DeletionKey) throws(PluginError) -> Stamp? {
        if let cached = deletions[key] { return cached }
        guard try anyStored(EngineCollection.deletion, known: &deletionsExist) else { return nil }
        var stamp: Stamp?
        if let record = try read(EngineCollection.deletion, key: EngineCollection.deletionKey(key, cipher: cipher)) {
            stamp = try RecordValueError.asStorageFailure { () throws(RecordValueError) in try EngineRecordCodec.decodeStamp(record) }
        }
        deletions[key] = stamp
        return stamp
    }

    public func putDeletion(_ key: DeletionKey, stamp: Stamp) throws(PluginError) {
        try put(EngineCollection.deletion, key: EngineCollection.deletionKey(key, cipher: cipher), sort: stamp.time, value: EngineRecordCodec.encode(stamp))
        deletions[key] = stamp
        deletionsExist = true
    }

    public func isDeleted(_ reference: PostReference) throws(PluginError) -> Bool {
        if let cached = tombstones[reference] { return cached }
        guard try anyStored(EngineCollection.tombstone, known: &tombstonesExist) else { return false }
        let deleted = try exists(EngineCollection.tombstone, key: EngineCollection.postKey(reference))
        tombstones[reference] = deleted
        return deleted
    }

    public func markDeleted(_ reference: PostReference) {
        tombstones[reference] = true
        tombstonesExist = true
        pending.append(
            .put(
                StoredRecord(
                    owner: owner, collection: EngineCollection.tombstone, key: EngineCollection.postKey(reference),
                    parent: EngineCollection.sessionKey(reference.sessionID))))
    }

    // MARK: Wraps

    public func hasSeenWrap(_ id: WrapID) throws(PluginError) -> Bool {
        if seenWraps.contains(id) { return true }
        return try exists(EngineCollection.seenWrap, key: id.eventID.rawBytes)
    }

    public func markWrapSeen(_ id: WrapID) {
        guard seenWraps.insert(id).inserted else { return }
        // Sorted by when it was seen, so that in the storage's sort and parent indexes new marks land
        // at the end instead of at random places (wrap ids are random): fewer pages per commit.
        pending.append(
            .put(StoredRecord(owner: owner, collection: EngineCollection.seenWrap, key: id.eventID.rawBytes, sort: clock())))
    }

    /// Buffers the delete of (at most `limit`) seen marks made before `time`.
    func forgetWrapsSeen(before time: Int64, limit: Int) throws(PluginError) {
        let query = StorageQuery(owner: owner, collection: EngineCollection.seenWrap, sortRange: .min...(time - 1), limit: limit)
        for record in try backend.query(query) { deleteRecord(EngineCollection.seenWrap, key: record.key) }
    }

    // MARK: Plumbing

    /// Buffers the delete of one record.
    func deleteRecord(_ collection: String, key: [UInt8]) {
        pending.append(.delete(owner: owner, collection: collection, key: key))
    }

    /// Buffers a put of a sealed record.
    func put(
        _ collection: String, key: [UInt8], parent: [UInt8] = [], sort: Int64 = 0, flags: Int64 = 0, value: [UInt8]
    ) throws(PluginError) {
        let sealed: [UInt8]
        do {
            sealed = try cipher.seal(value, owner: owner, collection: collection, key: key)
        } catch {
            throw PluginError(.io, "cannot encrypt a \(collection) record: \(error)")
        }
        pending.append(.put(StoredRecord(owner: owner, collection: collection, key: key, parent: parent, sort: sort, flags: flags, value: sealed)))
    }

    /// The archive flag of the stored session record (its flags, not sealed), or nil when none is stored.
    private func storedArchiveFlag(_ id: SessionID) throws(PluginError) -> Bool? {
        try backend.get(owner: owner, collection: EngineCollection.session, key: EngineCollection.sessionKey(id)).map {
            $0.flags & EngineCollection.archivedFlag != 0
        }
    }

    /// The opened value of (collection, key), or nil when absent.
    func read(_ collection: String, key: [UInt8]) throws(PluginError) -> [UInt8]? {
        guard let record = try backend.get(owner: owner, collection: collection, key: key) else { return nil }
        do {
            return try cipher.open(record.value, owner: owner, collection: collection, key: key)
        } catch {
            throw Self.undecryptable(collection, error)
        }
    }

    /// The records of a query with their values opened.
    func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord] {
        let records = try backend.query(query)
        do {
            return try records.map { record in try cipher.open(record) }
        } catch {
            throw Self.undecryptable(query.collection, error)
        }
    }

    private static func undecryptable(_ collection: String, _ error: any Error) -> PluginError {
        PluginError(.io, "a stored \(collection) record does not decrypt with this account's key (\(error))")
    }

    /// Whether `collection` holds any record of the account; `known` caches the answer (set to true
    /// by the writes that add one).
    private func anyStored(_ collection: String, known: inout Bool?) throws(PluginError) -> Bool {
        if let known { return known }
        let found = try !backend.query(StorageQuery(owner: owner, collection: collection, limit: 1)).isEmpty
        known = found
        return found
    }

    private func exists(_ collection: String, key: [UInt8]) throws(PluginError) -> Bool {
        try backend.get(owner: owner, collection: collection, key: key) != nil
    }
}
