import NostrCore

extension LinkstrEngine {
    /// Whether a stored post is shown: its sender and this account were members of the session at
    /// its time, by every snapshot known now. A post is accepted when the snapshots known at its
    /// arrival allow it; an older snapshot that arrives later (backfills deliver in any order) may
    /// show that its sender had been removed by then. Such a post stays stored but is not shown, so
    /// what a person sees does not depend on the order of delivery.
    public func isVisible(_ post: Post) -> Bool {
        membershipProblem(post.sessionID, sender: post.sender, at: post.createdAt) == nil
    }

    /// Whether a stored reaction is shown (the same rule, at the reaction's time).
    public func isVisible(_ reaction: Reaction) -> Bool {
        membershipProblem(reaction.key.sessionID, sender: reaction.key.sender, at: reaction.stamp.time) == nil
    }
}
