import LinkstrEngine
import LinkstrHost
import NostrCore

/// The account's contacts: its kind 3 follow list mirrored in a ``ContactBook`` (kept in the account
/// state, cached on the actor), private aliases, the kind 0 names of the people it shows, and the
/// account's own published name. A change is published first and kept once a relay accepted it.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum Contacts {
    /// The contacts (the mirrored kind 3 follow list), with aliases and profile names.
    public static func contacts(in account: isolated AccountRuntime) throws(LinkstrError) -> [Contact] {
        try contactBook(in: account).contacts
    }

    /// A person named by `npub1…`, 64-hex, a contact alias, or a link or text with one npub
    /// (`ContactBook.resolve`).
    public static func resolvePerson(_ text: String, in account: isolated AccountRuntime) throws(LinkstrError) -> PublicKey {
        let book = try contactBook(in: account)
        do {
            return try book.resolve(text)
        } catch {
            throw LinkstrError(error)
        }
    }

    /// Each of `texts` as a person (``resolvePerson(_:in:)``), in order; the first that names nobody throws.
    static func resolvePeople(_ texts: [String], in account: isolated AccountRuntime) throws(LinkstrError) -> [PublicKey] {
        var keys: [PublicKey] = []
        for text in texts { keys.append(try resolvePerson(text, in: account)) }
        return keys
    }

    /// How a person is shown: alias, else profile name, else npub.
    public static func displayName(of person: PublicKey, in account: isolated AccountRuntime) -> String {
        (try? contactBook(in: account))?.displayName(for: person) ?? person.npub
    }

    /// How each of `people` is shown (`displayName(of:in:)`), each person named once (a feed names its
    /// senders once per post).
    public static func displayNames(of people: [PublicKey], in account: isolated AccountRuntime) -> [PublicKey: String] {
        var names: [PublicKey: String] = [:]
        for person in people where names[person] == nil { names[person] = displayName(of: person, in: account) }
        return names
    }

    /// Follows `key` (publishing the new kind 3, keeping what other clients wrote in it) and sets its
    /// private alias. Fetches the relays' current list first, so no newer list is overwritten.
    public static func addContact(_ key: PublicKey, alias: String?, in account: isolated AccountRuntime) async throws(LinkstrError) -> Contact {
        // Before anything is published: an alias another contact has would make both unnamable.
        let current = try contactBook(in: account)
        do {
            try current.checkAlias(alias, for: key)
        } catch {
            throw LinkstrError(error)
        }
        let pool = try await Outbox.writablePool(in: account)
        await refreshFollowList(pool, profiles: false, in: account)
        var book = try contactBook(in: account)
        if let draft = book.adding(key, now: account.clock()) {
            book = try await publish(draft, on: pool, book, in: account)
        }
        if let alias { book = try aliased(book, alias, for: key) }
        try save(book, in: account)
        return book.contact(for: key)
    }

    /// Unfollows `key` (its alias goes with it).
    public static func removeContact(_ key: PublicKey, in account: isolated AccountRuntime) async throws(LinkstrError) {
        let pool = try await Outbox.writablePool(in: account)
        await refreshFollowList(pool, profiles: false, in: account)
        let book = try contactBook(in: account)
        guard let draft = book.removing(key, now: account.clock()) else {
            throw LinkstrError(.badInput, "\(key.npub) is not one of your contacts")
        }
        try save(try await publish(draft, on: pool, book, in: account), in: account)
    }

    /// Sets (or clears, with nil or a text with nothing but blanks) a contact's private alias; never published.
    public static func setAlias(_ alias: String?, for key: PublicKey, in account: isolated AccountRuntime) throws(LinkstrError) {
        try save(try aliased(contactBook(in: account), alias, for: key), in: account)
    }

    /// Reads the account's follow list (and, with `profiles`, the kind 0 names of the contacts, the
    /// session members and this account: `peopleWithProfiles`) from the connected relays, waiting at
    /// most `RelayClient.storedEventsWait` for their end of stored events.
    static func refreshFollowList(_ pool: RelayClient, profiles: Bool, in account: isolated AccountRuntime) async {
        var followLists: [Event] = []
        if let stream = try? pool.subscribeFollowList(of: account.me) {
            followLists = await pool.storedEvents(stream, subscription: RelayClient.LinkstrSubscription.followList)
        }
        var names: [Event] = []
        if profiles, let known = try? contactBook(in: account),
            let stream = try? pool.subscribe("linkstr-profiles", filters: [Filter(authors: peopleWithProfiles(known, in: account), kinds: [Profile.kind])])
        {
            names = await pool.storedEvents(stream, subscription: "linkstr-profiles")
        }
        // Read, change and store with no suspension in between: a contact added or an alias set
        // while the relays answered (by the app or a command while a watch runs) is kept, not
        // overwritten with the book as it was before the wait.
        guard var book = try? contactBook(in: account) else { return }
        for event in followLists { book.ingestFollowList(event, now: account.clock()) }
        for event in names { book.ingestProfile(event, now: account.clock()) }
        do throws(LinkstrError) {
            try save(book, in: account)
        } catch {
            account.host.log.log(.warn, "cannot store the follow list and profiles fetched from the relays: \(error)")
        }
    }

    static func contactBook(in account: isolated AccountRuntime) throws(LinkstrError) -> ContactBook {
        if let cached = account.contactBookCache { return cached }
        var book = ContactBook(me: account.me)
        if let bytes = try account.withStore({ try account.store.read(EngineCollection.accountState, key: Array(AccountStateKey.contacts.utf8)) }) {
            do {
                book = try ContactBook(me: account.me, encoded: bytes)
            } catch {
                throw LinkstrError(.storage, "storage: the contact list is damaged (\(error.reason))")
            }
        }
        account.contactBookCache = book
        return book
    }

    static func save(_ book: ContactBook, in account: isolated AccountRuntime) throws(LinkstrError) {
        try account.transaction { try account.store.put(EngineCollection.accountState, key: Array(AccountStateKey.contacts.utf8), value: book.encoded()) }
        account.contactBookCache = book
    }

    private static func aliased(_ book: ContactBook, _ alias: String?, for key: PublicKey) throws(LinkstrError) -> ContactBook {
        var book = book
        do {
            try book.setAlias(alias, for: key)
        } catch {
            throw LinkstrError(error)
        }
        return book
    }

    /// Signs and publishes a new follow list; applies it once a relay accepted it.
    private static func publish(_ draft: FollowListDraft, on pool: RelayClient, _ book: ContactBook, in account: isolated AccountRuntime) async throws(LinkstrError) -> ContactBook {
        let signed: Event
        do {
            signed = try account.signer.sign(draft.event)
        } catch {
            throw LinkstrError(.failed, "cannot sign the follow list: \(error)")
        }
        try await Outbox.publishAll([signed], on: pool, in: account)
        var book = book
        book.confirm(signed)
        return book
    }

    /// The subscription that fetches our own newest kind 0 before a new one is built on it.
    static let ownProfileSubscription = "linkstr-profile-self"

    /// The name others see for this account (our kind 0's, as last published or fetched), or nil.
    public static func publishedName(in account: isolated AccountRuntime) -> String? {
        (try? contactBook(in: account))?.profileName(for: account.me)
    }

    /// Publishes `name` as this account's Nostr profile name (kind 0 `name` and `display_name`), or
    /// clears it with nil. Fetches our newest kind 0 from the relays first and changes only the
    /// name in it, so the picture, about text and whatever else other clients wrote stay. Like every
    /// mutation it waits for a relay's OK, and only then keeps the name locally. Returns the name
    /// as published (cleaned like every shown name).
    @discardableResult
    static func publishName(_ name: String?, in account: isolated AccountRuntime) async throws(LinkstrError) -> String? {
        let cleaned = name.flatMap(Profile.publishableName)
        if name != nil, cleaned == nil { throw LinkstrError(.badInput, "the name is empty; give a name, or --clear to remove the published one") }
        let pool = try await Outbox.writablePool(in: account)
        let current = await newestOwnProfile(pool, in: account)
        let unsigned = Profile.publishing(cleaned, by: account.me, over: current, now: account.clock())
        let signed: Event
        do {
            signed = try account.signer.sign(unsigned)
        } catch {
            throw LinkstrError(.failed, "cannot sign the profile: \(error)")
        }
        try await Outbox.publishAll([signed], on: pool, in: account)
        var book = try contactBook(in: account)
        book.ingestProfile(signed, now: .max)
        try save(book, in: account)
        return cleaned
    }

    /// Our newest validly signed kind 0 on the connected relays, or nil (none, or none answered within
    /// `RelayClient.storedEventsWait`).
    private static func newestOwnProfile(_ pool: RelayClient, in account: isolated AccountRuntime) async -> Event? {
        guard let stream = try? pool.subscribe(Self.ownProfileSubscription, filters: [Filter(authors: [account.me], kinds: [Profile.kind])]) else {
            return nil
        }
        let events = await pool.storedEvents(stream, subscription: Self.ownProfileSubscription)
        return events.filter { $0.pubkey == account.me && $0.kind == Profile.kind && (try? $0.verify()) != nil }
            .max { EventStamp($0) < EventStamp($1) }
    }

    /// Everyone whose profile name a sync fetches: the contacts, the members of every session
    /// (the iPhone app names members alias, then profile name, then npub) and this account.
    static func peopleWithProfiles(_ book: ContactBook, in account: isolated AccountRuntime) -> [PublicKey] {
        var people = [account.me] + book.contactKeys
        var seen = Set(people)
        let sessions = (try? account.read(StorageQuery(owner: account.me.rawBytes, collection: EngineCollection.session))) ?? []
        for record in sessions {
            guard let id = SessionID(String(decoding: record.key, as: UTF8.self)),
                let members = try? account.withStore({ try account.store.membership(id).everyone })
            else { continue }
            for member in members where seen.insert(member).inserted { people.append(member) }
        }
        return people
    }
}
