import NostrCore

/// The account-scoped state the engine reads and writes. The engine does no I/O itself: the host
/// backs this with the storage plugin (buffering writes into one transaction per batch), tests with
/// `MemoryEngineStore` (which cannot fail, and so does not throw).
///
/// A read throws when the state cannot be read (storage, decryption, a damaged record); a write
/// throws when the value cannot be prepared for storage (sealing). The engine rethrows what it
/// throws, at the step where it happened; the host then discards the batch's buffered writes.
///
/// Thread rule: the engine calls it from one thread at a time.
public protocol EngineStore: AnyObject {
    func session(_ id: SessionID) throws -> Session?
    func putSession(_ session: Session) throws
    func membership(_ id: SessionID) throws -> MembershipHistory
    func putMembership(_ history: MembershipHistory, for id: SessionID) throws

    func post(_ reference: PostReference) throws -> Post?
    func putPost(_ post: Post) throws
    func deletePost(_ reference: PostReference) throws
    /// Whether any post is stored (an empty store restores history as read).
    var hasPosts: Bool { get throws }

    func reaction(_ key: ReactionKey) throws -> Reaction?
    func putReaction(_ reaction: Reaction) throws
    func reactions(on reference: PostReference) throws -> [Reaction]
    func deleteReactions(on reference: PostReference)

    /// The delete notice recorded for `key` (its stamp), if any.
    func deletion(_ key: DeletionKey) throws -> Stamp?
    func putDeletion(_ key: DeletionKey, stamp: Stamp) throws
    /// A post whose delete was validated (matched to the post and its author): the watermark that
    /// keeps backfill from resurrecting it and discards reactions to it.
    func isDeleted(_ reference: PostReference) throws -> Bool
    func markDeleted(_ reference: PostReference)

    /// Dedupe by gift-wrap id, kept across restarts: the one seen-check of the receive path, asked by
    /// the host before it unwraps a wrap.
    func hasSeenWrap(_ id: WrapID) throws -> Bool
    func markWrapSeen(_ id: WrapID)
}
