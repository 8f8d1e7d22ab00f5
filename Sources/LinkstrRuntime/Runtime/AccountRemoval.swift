import LinkstrEngine
import LinkstrHost
import NostrCore

/// Ending an account: every record of it deleted here, or first its presence on the relays.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
enum AccountRemoval {
    /// Deletes every record of this account (sessions, posts, reactions, contacts, watermarks) in one
    /// transaction and checks that none is left, then its media cache (videos, thumbnails and the key
    /// naming them); returns how many records were deleted. The relay list is host-wide and stays.
    @discardableResult
    static func clearLocalData(in account: isolated AccountRuntime) throws(LinkstrError) -> UInt64 {
        account.store.discardPending()
        account.contactBookCache = nil
        let deleted: UInt64
        do {
            deleted = try account.backend.deleteOwner(account.me.rawBytes)
        } catch {
            throw LinkstrError(storage: error)
        }
        do {
            try account.media.discardCache()
        } catch {
            throw LinkstrError(.failed, "the account's records were deleted, but not its media cache: \(error)")
        }
        return deleted
    }

    /// Deletes the account on the relays: an empty follow list, then a NIP-62
    /// request to vanish, each awaiting a relay's OK; only then clears the local data. Any refusal
    /// stops before anything local is deleted, and the error says so.
    static func deleteAccount(in account: isolated AccountRuntime) async throws(LinkstrError) {
        var published = 0
        do throws(LinkstrError) {
            let pool = try await Outbox.writablePool(in: account)
            await Contacts.refreshFollowList(pool, profiles: false, in: account)
            let enabled: [String]
            do {
                enabled = try account.relays.enabled().map(\.url)
            } catch {
                throw LinkstrError(storage: error)
            }
            let (followList, vanish) = AccountDeletion.events(try Contacts.contactBook(in: account), relays: enabled, now: account.clock())
            for unsigned in [followList, vanish] {
                let signed: Event
                do {
                    signed = try account.signer.sign(unsigned)
                } catch {
                    throw LinkstrError(.failed, "cannot sign the deletion request: \(error)")
                }
                try await Outbox.publishAll([signed], on: pool, in: account)
                published += 1
            }
        } catch {
            let done = published == 0 ? "" : " (the empty follow list was published; run it again to send the request to vanish)"
            throw LinkstrError(error.code, "the account was not deleted, and your key and local data are kept\(done): \(error.description)")
        }
        try clearLocalData(in: account)
    }
}
