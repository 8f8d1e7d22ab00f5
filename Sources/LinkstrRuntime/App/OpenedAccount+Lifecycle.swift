import Foundation

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

    /// Deleting the account of `npub` is confirmed by typing that npub (blanks around it ignored);
    /// anything else is refused, naming what was typed (after `option`, where the front end took it).
    public static func checkDeletionConfirmed(_ typed: String, option: String? = nil, npub: String) throws(LinkstrError) {
        guard typed.trimmingCharacters(in: .whitespaces) != npub else { return }
        throw LinkstrError(.badInput, "\(option.map { $0 + " " } ?? "")\(typed) does not match this account (\(npub)); nothing was deleted")
    }

    /// Deletes the account on the relays, then its local data (see `AccountRemoval.deleteAccount`),
    /// then its key. A relay's refusal stops before anything local is deleted.
    public func deleteAccount() async throws(LinkstrError) {
        try await AccountRemoval.deleteAccount(in: runtime)
        try accounts.logout()
    }
}
