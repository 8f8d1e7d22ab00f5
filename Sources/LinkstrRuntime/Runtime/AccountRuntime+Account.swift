import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// Deletes every record of this account (sessions, posts, reactions, contacts, watermarks) in one
    /// transaction and checks that none is left, then its media cache (videos, thumbnails and the key
    /// naming them); returns how many records were deleted. The relay list is host-wide and stays.
    @discardableResult
    public func clearLocalData() throws(RuntimeError) -> UInt64 {
        store.discardPending()
        contactBookCache = nil
        let deleted: UInt64
        do {
            deleted = try backend.deleteOwner(me.rawBytes)
        } catch {
            throw RuntimeError(storage: error)
        }
        do {
            try media.discardCache()
        } catch {
            throw RuntimeError(.failed, "the account's records were deleted, but not its media cache: \(error)")
        }
        return deleted
    }

    /// Deletes the account on the relays: an empty follow list, then a NIP-62
    /// request to vanish, each awaiting a relay's OK; only then clears the local data. Any refusal
    /// stops before anything local is deleted, and the error says so.
    public func deleteAccount() async throws(RuntimeError) {
        var published = 0
        do throws(RuntimeError) {
            let pool = try await Outbox.writablePool(in: self)
            await Contacts.refreshFollowList(pool, profiles: false, in: self)
            let enabled: [String]
            do {
                enabled = try relays.enabled().map(\.url)
            } catch {
                throw RuntimeError(storage: error)
            }
            let (followList, vanish) = AccountDeletion.events(try Contacts.contactBook(in: self), relays: enabled, now: clock())
            for unsigned in [followList, vanish] {
                let signed: Event
                do {
                    signed = try signer.sign(unsigned)
                } catch {
                    throw RuntimeError(.failed, "cannot sign the deletion request: \(error)")
                }
                try await Outbox.publishAll([signed], on: pool, in: self)
                published += 1
            }
        } catch {
            let done = published == 0 ? "" : " (the empty follow list was published; run it again to send the request to vanish)"
            throw RuntimeError(error.kind, "the account was not deleted, and your key and local data are kept\(done): \(error.description)")
        }
        try clearLocalData()
    }
}
