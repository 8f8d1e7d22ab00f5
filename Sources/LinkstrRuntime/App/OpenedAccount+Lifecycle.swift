/// Ending an account on this machine: its records, its key, and for `deleteAccount` its presence on
/// the relays.
extension OpenedAccount {
    /// Deletes every record of the account (see `AccountRemoval.clearLocalData`), then its key;
    /// returns how many records were deleted.
    @discardableResult
    public func logOutClearingData() async throws(LinkstrError) -> UInt64 {
        let deleted = try await AccountRemoval.clearLocalData(in: runtime)
        try accounts.logout()
        return deleted
    }

    /// Deletes the account on the relays, then its local data (see `AccountRemoval.deleteAccount`),
    /// then its key. A relay's refusal stops before anything local is deleted.
    public func deleteAccount() async throws(LinkstrError) {
        try await AccountRemoval.deleteAccount(in: runtime)
        try accounts.logout()
    }
}
