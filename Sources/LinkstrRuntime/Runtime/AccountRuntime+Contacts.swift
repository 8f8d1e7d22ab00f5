import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// How long a contact change waits for the relays' copy of the follow list before building on it.
    static let followListWait: Duration = .seconds(6)

    // MARK: Reading

    /// The contacts (the mirrored kind 3 follow list), with aliases and profile names.
    public func contacts() throws(RuntimeError) -> [Contact] {
        try contactBook().contacts
    }

    /// A person named by `npub1…`, 64-hex, a contact alias, or a link or text with one npub
    /// (`ContactBook.resolve`).
    public func resolvePerson(_ text: String) throws(RuntimeError) -> PublicKey {
        let book = try contactBook()
        do {
            return try book.resolve(text)
        } catch {
            throw RuntimeError(error)
        }
    }

    /// How a person is shown: alias, else profile name, else npub.
    public func displayName(of person: PublicKey) -> String {
        (try? contactBook())?.displayName(for: person) ?? person.npub
    }

    /// How each of `people` is shown (`displayName(of:)`), each person named once (a feed names its
    /// senders once per post).
    public func displayNames(of people: [PublicKey]) -> [PublicKey: String] {
        var names: [PublicKey: String] = [:]
        for person in people where names[person] == nil { names[person] = displayName(of: person) }
        return names
    }

    // MARK: Changing

    /// Follows `key` (publishing the new kind 3, keeping what other clients wrote in it) and sets its
    /// private alias. Fetches the relays' current list first, so no newer list is overwritten.
    public func addContact(_ key: PublicKey, alias: String?) async throws(RuntimeError) -> Contact {
        // Before anything is published: an alias another contact has would make both unnamable.
        let current = try contactBook()
        do {
            try current.checkAlias(alias, for: key)
        } catch {
            throw RuntimeError(error)
        }
        let pool = try await writablePool()
        await refreshFollowList(pool, profiles: false)
        var book = try contactBook()
        if let draft = book.adding(key, now: clock()) {
            book = try await publish(draft, on: pool, book)
        }
        if let alias { book = try setAlias(alias, for: key, in: book) }
        try save(book)
        return book.contact(for: key)
    }

    /// Unfollows `key` (its alias goes with it).
    public func removeContact(_ key: PublicKey) async throws(RuntimeError) {
        let pool = try await writablePool()
        await refreshFollowList(pool, profiles: false)
        let book = try contactBook()
        guard let draft = book.removing(key, now: clock()) else {
            throw RuntimeError(.badInput, "\(key.npub) is not one of your contacts")
        }
        try save(try await publish(draft, on: pool, book))
    }

    /// Sets (or clears, with nil) a contact's private alias; never published.
    public func setAlias(_ alias: String?, for key: PublicKey) throws(RuntimeError) {
        try save(try setAlias(alias, for: key, in: contactBook()))
    }

    // MARK: Relays

    /// Reads the account's follow list (and, with `profiles`, the kind 0 names of the contacts, the
    /// session members and this account: `peopleWithProfiles`) from the connected relays, waiting at
    /// most `followListWait` for their end of stored events.
    func refreshFollowList(_ pool: RelayPool, profiles: Bool) async {
        guard var book = try? contactBook() else { return }
        if let stream = try? pool.subscribeFollowList(of: me) {
            for event in await storedEvents(stream, subscription: RelayPool.LinkstrSubscription.followList, pool: pool) {
                book.ingestFollowList(event, now: clock())
            }
        }
        if profiles,
            let stream = try? pool.subscribe("linkstr-profiles", filters: [Filter(authors: peopleWithProfiles(book), kinds: [Profile.kind])])
        {
            for event in await storedEvents(stream, subscription: "linkstr-profiles", pool: pool) {
                book.ingestProfile(event, now: clock())
            }
        }
        do throws(RuntimeError) {
            try save(book)
        } catch {
            host.log.log(.warn, "cannot store the follow list and profiles fetched from the relays: \(error)")
        }
    }

    /// The events a subscription delivers until every connected relay sent EOSE (or the wait ends);
    /// then closes it.
    func storedEvents(_ stream: SubscriptionStream, subscription: String, pool: RelayPool) async -> [Event] {
        let wait = Self.followListWait
        let collector = Task { () -> [Event] in
            var events: [Event] = []
            var finished = Set<String>()
            for await message in stream {
                switch message {
                case .event(let received): events.append(received.event)
                case .endOfStoredEvents(let relay), .closed(let relay, _): finished.insert(relay)
                default: break
                }
                let connected = Set(pool.statuses.filter { $0.value.isConnected }.map(\.key))
                if !connected.isEmpty, connected.isSubset(of: finished) { break }
            }
            return events
        }
        let timer = Task {
            try? await Task.sleep(for: wait)
            pool.unsubscribe(subscription)
        }
        let events = await collector.value
        timer.cancel()
        pool.unsubscribe(subscription)
        return events
    }

    // MARK: Helpers

    func contactBook() throws(RuntimeError) -> ContactBook {
        if let contactBookCache { return contactBookCache }
        var book = ContactBook(me: me)
        if let bytes = try withStore({ try store.read(EngineCollection.accountState, key: Array(AccountStateKey.contacts.utf8)) }) {
            do {
                book = try ContactBook(me: me, encoded: bytes)
            } catch {
                throw RuntimeError(.storage, "storage: the contact list is damaged (\(error.reason))")
            }
        }
        contactBookCache = book
        return book
    }

    func save(_ book: ContactBook) throws(RuntimeError) {
        try withStore { try store.put(EngineCollection.accountState, key: Array(AccountStateKey.contacts.utf8), value: book.encoded()) }
        try commit()
        contactBookCache = book
    }

    private func setAlias(_ alias: String?, for key: PublicKey, in book: ContactBook) throws(RuntimeError) -> ContactBook {
        var book = book
        do {
            try book.setAlias(alias, for: key)
        } catch {
            throw RuntimeError(error)
        }
        return book
    }

    /// Signs and publishes a new follow list; applies it once a relay accepted it.
    private func publish(_ draft: FollowListDraft, on pool: RelayPool, _ book: ContactBook) async throws(RuntimeError) -> ContactBook {
        let signed: Event
        do {
            signed = try signer.sign(draft.event)
        } catch {
            throw RuntimeError(.failed, "cannot sign the follow list: \(error)")
        }
        try await publishAll([signed], on: pool)
        var book = book
        book.confirm(signed)
        return book
    }
}
