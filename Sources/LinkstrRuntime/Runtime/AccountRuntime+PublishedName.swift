import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// The subscription that fetches our own newest kind 0 before a new one is built on it.
    static let ownProfileSubscription = "linkstr-profile-self"

    /// The name others see for this account (our kind 0's, as last published or fetched), or nil.
    public func publishedName() -> String? {
        (try? contactBook())?.profileName(for: me)
    }

    /// Publishes `name` as this account's Nostr profile name (kind 0 `name` and `display_name`), or
    /// clears it with nil. Fetches our newest kind 0 from the relays first and changes only the
    /// name in it, so the picture, about text and whatever else other clients wrote stay. Like every
    /// mutation it waits for a relay's OK, and only then keeps the name locally. Returns the name
    /// as published (cleaned like every shown name).
    @discardableResult
    public func publishName(_ name: String?) async throws(RuntimeError) -> String? {
        let cleaned = name.flatMap(Profile.publishableName)
        if name != nil, cleaned == nil { throw RuntimeError(.badInput, "the name is empty; give a name, or --clear to remove the published one") }
        let pool = try await writablePool()
        let current = await newestOwnProfile(pool)
        let unsigned = Profile.publishing(cleaned, by: me, over: current, now: clock())
        let signed: Event
        do {
            signed = try signer.sign(unsigned)
        } catch {
            throw RuntimeError(.failed, "cannot sign the profile: \(error)")
        }
        try await publishAll([signed], on: pool)
        var book = try contactBook()
        book.ingestProfile(signed, now: .max)
        try save(book)
        return cleaned
    }

    /// Our newest validly signed kind 0 on the connected relays, or nil (none, or none answered within
    /// `followListWait`).
    private func newestOwnProfile(_ pool: RelayPool) async -> Event? {
        guard let stream = try? pool.subscribe(Self.ownProfileSubscription, filters: [Filter(authors: [me], kinds: [Profile.kind])]) else {
            return nil
        }
        let events = await storedEvents(stream, subscription: Self.ownProfileSubscription, pool: pool)
        return events.filter { $0.pubkey == me && $0.kind == Profile.kind && (try? $0.verify()) != nil }
            .max { EventStamp($0) < EventStamp($1) }
    }

    /// Everyone whose profile name a sync fetches: the contacts, the members of every session
    /// (the iPhone app names members alias, then profile name, then npub) and this account.
    func peopleWithProfiles(_ book: ContactBook) -> [PublicKey] {
        var people = [me] + book.contactKeys
        var seen = Set(people)
        let sessions = (try? read(StorageQuery(owner: me.rawBytes, collection: EngineCollection.session))) ?? []
        for record in sessions {
            guard let id = SessionID(String(decoding: record.key, as: UTF8.self)),
                let members = try? withStore({ try store.membership(id).everyone })
            else { continue }
            for member in members where seen.insert(member).inserted { people.append(member) }
        }
        return people
    }
}
