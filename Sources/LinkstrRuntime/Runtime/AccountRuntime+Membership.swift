import LinkstrEngine

extension AccountRuntime {
    /// Every membership snapshot of a session, oldest first — what `linkstr feed` turns into its
    /// `in:` / `out:` lines.
    public func membershipHistory(of id: SessionID) throws(RuntimeError) -> MembershipHistory {
        try withStore { try store.membership(id) }
    }
}
