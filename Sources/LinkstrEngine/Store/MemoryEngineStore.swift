import NostrCore

/// An `EngineStore` in memory: the engine's unit tests, and the write-buffer the host's persistent
/// store is built on. Not thread-safe (the engine's thread rule applies).
public final class MemoryEngineStore: EngineStore {
    public private(set) var sessions: [SessionID: Session] = [:]
    public private(set) var memberships: [SessionID: MembershipHistory] = [:]
    public private(set) var posts: [PostReference: Post] = [:]
    public private(set) var reactions: [ReactionKey: Reaction] = [:]
    public private(set) var deletions: [DeletionKey: Stamp] = [:]
    public private(set) var deletedPosts: Set<PostReference> = []
    public private(set) var seenWraps: Set<WrapID> = []

    public init() {}

    public func session(_ id: SessionID) -> Session? { sessions[id] }
    public func putSession(_ session: Session) { sessions[session.id] = session }
    public func membership(_ id: SessionID) -> MembershipHistory { memberships[id] ?? MembershipHistory() }
    public func putMembership(_ history: MembershipHistory, for id: SessionID) { memberships[id] = history }

    public func post(_ reference: PostReference) -> Post? { posts[reference] }
    public func putPost(_ post: Post) { posts[PostReference(sessionID: post.sessionID, postID: post.id)] = post }
    public func deletePost(_ reference: PostReference) { posts[reference] = nil }
    public var hasPosts: Bool { !posts.isEmpty }

    public func reaction(_ key: ReactionKey) -> Reaction? { reactions[key] }
    public func putReaction(_ reaction: Reaction) { reactions[reaction.key] = reaction }
    public func reactions(on reference: PostReference) -> [Reaction] {
        reactions.values.filter { $0.key.sessionID == reference.sessionID && $0.key.postID == reference.postID }
    }
    public func deleteReactions(on reference: PostReference) {
        reactions = reactions.filter { !($0.key.sessionID == reference.sessionID && $0.key.postID == reference.postID) }
    }

    public func deletion(_ key: DeletionKey) -> Stamp? { deletions[key] }
    public func putDeletion(_ key: DeletionKey, stamp: Stamp) { deletions[key] = stamp }
    public func isDeleted(_ reference: PostReference) -> Bool { deletedPosts.contains(reference) }
    public func markDeleted(_ reference: PostReference) { deletedPosts.insert(reference) }

    public func hasSeenWrap(_ id: WrapID) -> Bool { seenWraps.contains(id) }
    public func markWrapSeen(_ id: WrapID) { seenWraps.insert(id) }
}
