import NostrCore

/// The account-scoped state the engine reads and writes. The engine does no I/O itself: the host
/// backs this with the storage plugin (buffering writes into one transaction per batch), tests with
/// `MemoryEngineStore`.
///
/// Thread rule: the engine calls it from one thread at a time.
public protocol EngineStore: AnyObject {
    func session(_ id: SessionID) -> Session?
    func putSession(_ session: Session)
    func membership(_ id: SessionID) -> MembershipHistory
    func putMembership(_ history: MembershipHistory, for id: SessionID)

    func post(_ reference: PostReference) -> Post?
    func putPost(_ post: Post)
    func deletePost(_ reference: PostReference)
    /// Whether any post is stored (an empty store restores history as read).
    var hasPosts: Bool { get }

    func reaction(_ key: ReactionKey) -> Reaction?
    func putReaction(_ reaction: Reaction)
    func reactions(on reference: PostReference) -> [Reaction]
    func deleteReactions(on reference: PostReference)

    /// The delete notice recorded for `key` (its stamp), if any.
    func deletion(_ key: DeletionKey) -> Stamp?
    func putDeletion(_ key: DeletionKey, stamp: Stamp)
    /// A post whose delete was validated (matched to the post and its author): the watermark that
    /// keeps backfill from resurrecting it and discards reactions to it.
    func isDeleted(_ reference: PostReference) -> Bool
    func markDeleted(_ reference: PostReference)

    /// Dedupe by gift-wrap id, kept across restarts: the one seen-check of the receive path, asked by
    /// the host before it unwraps a wrap.
    func hasSeenWrap(_ id: WrapID) -> Bool
    func markWrapSeen(_ id: WrapID)
}
