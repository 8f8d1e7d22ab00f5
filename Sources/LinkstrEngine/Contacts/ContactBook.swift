import NostrCore

/// The account's contacts: a mirror of its kind 3 follow list, the
/// private aliases, and the profile names of the people it sees. Pure rules, no I/O, no clock (`now`
/// is an input): the host persists the state (`followList`, `aliases`, `profiles`, or `encoded()`)
/// after each change and restores it with `init(me:followList:aliases:profiles:)`.
///
/// - Incoming follow lists: only the account's own, validly signed, not from the future, and newer
///   than the watermark (the applied list's stamp; last writer wins) replace the contacts; a
///   restart or an older relay copy cannot roll them back. Invalid `p` tags are skipped.
/// - Changes (`adding`, `removing`) are drafts of the whole next list: every tag and the content of
///   the applied list stay as other clients wrote them, and the created_at is past the watermark so
///   relays replace the old list. Applied with `confirm` once a relay accepted the signed event.
/// - Aliases are local only: never in a published event, not even as NIP-02 petnames. A contact
///   removed (here or by another client) loses its alias, as on the iPhone app.
/// - Display names: alias, else profile name (kind 0, newer wins per key), else npub.
///
/// Call `adding`/`removing` only after the account's follow list was fetched (the
/// `linkstr-follow-list-self` subscription reached EOSE): before that, the applied list may be
/// older than the relays', and a draft built on it would replace theirs.
///
/// A value type; safe to share between threads.
public struct ContactBook: Equatable, Sendable {
    public let me: PublicKey
    public private(set) var followList: FollowList
    /// Private aliases by contact key; only contacts have one.
    public private(set) var aliases: [PublicKey: String]
    /// Profile names by key, for contacts and anyone else the host fetched (session members).
    public private(set) var profiles: [PublicKey: Profile]
    /// The followed keys in list order (derived from `followList`).
    public private(set) var contactKeys: [PublicKey]
    private var contactSet: Set<PublicKey>

    /// An account without contacts, before any follow list was seen.
    public init(me: PublicKey) {
        self.init(me: me, followList: FollowList(), aliases: [:], profiles: [:])
    }

    /// Restores persisted state. Aliases of keys that are not contacts are dropped, and so are
    /// profiles stored under another key than their own.
    public init(me: PublicKey, followList: FollowList, aliases: [PublicKey: String], profiles: [PublicKey: Profile]) {
        self.me = me
        self.followList = followList
        contactKeys = followList.contacts
        contactSet = Set(contactKeys)
        self.aliases = [:]
        for (key, alias) in aliases where contactSet.contains(key) {
            if let cleaned = NameText.clean(alias) { self.aliases[key] = cleaned }
        }
        self.profiles = profiles.filter { $0.key == $0.value.pubkey }
    }

    // MARK: Reading

    /// The follow-list watermark (persisted with `followList`).
    public var watermark: EventStamp? { followList.stamp }

    /// Every contact in follow-list order, with alias and profile name.
    public var contacts: [Contact] { contactKeys.map(contact(for:)) }

    public func isContact(_ key: PublicKey) -> Bool { contactSet.contains(key) }

    public func alias(for key: PublicKey) -> String? { aliases[key] }

    public func profileName(for key: PublicKey) -> String? { profiles[key]?.name }

    /// `key` as a contact (alias and profile name filled in when known), whether or not it is one.
    public func contact(for key: PublicKey) -> Contact {
        Contact(pubkey: key, alias: aliases[key], profileName: profiles[key]?.name)
    }

    /// The alias, else the profile name, else the npub.
    public func displayName(for key: PublicKey) -> String { contact(for: key).displayName }

    // MARK: Ingest

    /// Applies a kind 3 event from a relay (or our own, via `confirm`). `now` is the local clock, for
    /// the future-skew check (`PayloadLimits.futureSkewSeconds`): a list stamped far ahead would hold
    /// the watermark, and every later change of ours, in the future.
    @discardableResult
    public mutating func ingestFollowList(_ event: Event, now: Int64) -> FollowListReport {
        if let problem = Self.problem(event, kind: FollowList.kind, what: "follow list", now: now) {
            return FollowListReport(outcome: .rejected(problem))
        }
        guard event.pubkey == me else { return FollowListReport(outcome: .rejected("a follow list authored by someone else")) }
        guard EventStamp.shouldApply(current: watermark, incoming: EventStamp(event)) else {
            return FollowListReport(outcome: .duplicate)
        }
        let (keys, skipped) = FollowList.entries(in: event.tags)
        let before = contactKeys
        followList = FollowList(event: event)
        contactKeys = keys
        contactSet = Set(keys)
        aliases = aliases.filter { contactSet.contains($0.key) }
        let beforeSet = Set(before)
        return FollowListReport(
            outcome: .accepted, added: keys.filter { !beforeSet.contains($0) },
            removed: before.filter { !contactSet.contains($0) }, skipped: skipped)
    }

    /// Applies our own follow list once a relay accepted it: `event` is the draft's event as the
    /// signer signed it. `duplicate` when the relay's echo was ingested first; `duplicate` too when a
    /// newer list from another client arrived meanwhile (that one stays, as on the relays). No
    /// future-skew check: we stamped it ourselves, past a watermark that may itself lie up to
    /// `PayloadLimits.futureSkewSeconds` ahead.
    @discardableResult
    public mutating func confirm(_ event: Event) -> FollowListReport {
        ingestFollowList(event, now: .max)
    }

    /// Applies a kind 0 profile: any author, validly signed, not from the future, newer than the
    /// profile stored for its key. Content that is not a JSON object is rejected with the reason.
    @discardableResult
    public mutating func ingestProfile(_ event: Event, now: Int64) -> IngestOutcome {
        if let problem = Self.problem(event, kind: Profile.kind, what: "profile", now: now) { return .rejected(problem) }
        let profile: Profile
        do {
            profile = try Profile(metadata: event)
        } catch {
            return .rejected(error.reason)
        }
        guard EventStamp.shouldApply(current: profiles[event.pubkey]?.stamp, incoming: profile.stamp) else { return .duplicate }
        profiles[event.pubkey] = profile
        return .accepted
    }

    /// Why `event` cannot be applied at all, or nil.
    private static func problem(_ event: Event, kind: Int, what: String, now: Int64) -> String? {
        guard event.kind == kind else { return "not a \(what) (kind \(event.kind))" }
        guard event.createdAt - PayloadLimits.futureSkewSeconds <= now else {
            return "\(what) created \(event.createdAt - now) seconds in the future"
        }
        do {
            try event.verify()
        } catch {
            return "the \(what) is not validly signed: \(error)"
        }
        return nil
    }

    // MARK: Changes

    /// The created_at of our next kind 3: `now`, but always past the watermark, so that relays
    /// (which keep the newest list) replace the applied one even when the clock lags behind it.
    public func nextCreatedAt(now: Int64) -> Int64 {
        guard let time = watermark?.time else { return now }
        return max(now, time == .max ? .max : time + 1)
    }

    /// The list with `key` appended (NIP-02: new follows go at the end, as `["p", hex]`); nil when
    /// `key` is a contact already (re-adding only changes the alias: `setAlias`).
    public func adding(_ key: PublicKey, now: Int64) -> FollowListDraft? {
        guard !isContact(key) else { return nil }
        return FollowListDraft(event: followListEvent(tags: followList.tags + [["p", key.hex]], now: now), added: [key], removed: [])
    }

    /// The list without `key` (every `p` tag that follows it, whatever its relay hint or petname);
    /// nil when `key` is not a contact.
    public func removing(_ key: PublicKey, now: Int64) -> FollowListDraft? {
        guard isContact(key) else { return nil }
        let tags = followList.tags.filter { FollowList.followedKey($0) != key }
        return FollowListDraft(event: followListEvent(tags: tags, now: now), added: [], removed: [key])
    }

    /// The empty kind 3 of "delete account": no tags, empty content, past the watermark.
    public func emptyFollowList(now: Int64) -> UnsignedEvent {
        UnsignedEvent(pubkey: me, createdAt: nextCreatedAt(now: now), kind: FollowList.kind, tags: [], content: "")
    }

    private func followListEvent(tags: [[String]], now: Int64) -> UnsignedEvent {
        UnsignedEvent(pubkey: me, createdAt: nextCreatedAt(now: now), kind: FollowList.kind, tags: tags, content: followList.content)
    }

    // MARK: Aliases

    /// Sets (or, with nil or blank text, clears) a contact's private alias. Local only: nothing to
    /// publish. The alias is cleaned like any shown name (`NameText`).
    /// Refuses an alias that another contact already has in any case ("Bob" and "bob" would both
    /// stop naming anyone).
    public mutating func setAlias(_ alias: String?, for key: PublicKey) throws(CommandError) {
        guard isContact(key) else { throw CommandError("\(key.npub) is not a contact", badInput: true) }
        try checkAlias(alias, for: key)
        aliases[key] = alias.flatMap(NameText.clean)
    }

    /// Throws when `alias` (cleaned) is, in any case, the alias of another contact than `key`.
    public func checkAlias(_ alias: String?, for key: PublicKey) throws(CommandError) {
        guard let cleaned = alias.flatMap(NameText.clean)?.lowercased() else { return }
        if let clash = aliases.first(where: { $0.key != key && $0.value.lowercased() == cleaned }) {
            throw CommandError("'\(clash.value)' is already the alias of \(clash.key.npub); choose another alias", badInput: true)
        }
    }
}
