import NostrCore

extension LinkstrEngine {
    /// Whether a stored post is shown: its sender and this account were members of the session at
    /// its time, by every snapshot known now. A post is accepted when the snapshots known at its
    /// arrival allow it; an older snapshot that arrives later (backfills deliver in any order) may
    /// show that its sender had been removed by then. Such a post stays stored but is not shown, so
    /// what a person sees does not depend on the order of delivery.
    public func isVisible(_ post: Post) throws -> Bool {
        try membershipProblem(post.sessionID, sender: post.sender, at: post.createdAt) == nil
    }

    /// The toggle of a stored reaction that is shown: the newest one made while its sender and
    /// this account were members (the same rule as for posts, at the toggle's time); nil when there
    /// is none or its post is not shown.
    func shownToggle(_ reaction: Reaction) throws -> ReactionToggle? {
        let key = reaction.key
        guard let post = try store.post(PostReference(sessionID: key.sessionID, postID: key.postID)), try isVisible(post) else { return nil }
        return try reaction.toggles.first { try membershipProblem(key.sessionID, sender: key.sender, at: $0.stamp.time) == nil }
    }

    /// Whether a stored reaction shows as active on its post (see `shownToggle`).
    public func isShown(_ reaction: Reaction) throws -> Bool {
        try shownToggle(reaction)?.active == true
    }
}
