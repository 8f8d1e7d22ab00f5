import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// Saves `url` with `tags`. A link saved before keeps its id and saved time and gets the union of
    /// its tags and these; a removed one comes back. Tags are records of their own, so two processes
    /// saving the same link at once keep every tag either gave.
    public func save(_ url: String, tags: [String], note: String?) throws(RuntimeError) -> SaveOutcome {
        try save(Self.savedURL(url), tags: tags, note: note, sharedBy: nil, sharedIn: nil)
    }

    /// Saves the link of a post (named as `react` names posts), keeping who shared it and where; its
    /// note unless `note` is given. The saved copy is the user's own: the post may go, it stays.
    public func save(fromPost text: String, tags: [String], note: String?) throws(RuntimeError) -> SaveOutcome {
        let post = try resolvePost(text)
        return try save(post.url, tags: tags, note: note ?? post.note, sharedBy: post.sender, sharedIn: post.sessionID)
    }

    /// The saved links `filter` selects, newest first, with tags and stored titles.
    public func savedLinks(_ filter: SavedLinkFilter = SavedLinkFilter()) throws(RuntimeError) -> [SavedLink] {
        let wanted = SavedLinkFilter(tags: try filter.tags.map(TagName.normalize), search: filter.search, deleted: filter.deleted)
        return try allSavedLinks().filter(wanted.matches)
    }

    /// The saved link of `url` (kept or removed).
    public func savedLink(_ url: String) throws(RuntimeError) -> SavedLink {
        let normalized = try Self.savedURL(url)
        guard let link = try storedSavedLink(normalized) else {
            throw RuntimeError(.badInput, "\(normalized) is not saved; save it with `linkstr save \(normalized)`")
        }
        return link
    }

    /// Adds and removes tags of a saved link.
    public func retag(_ url: String, adding: [String], removing: [String]) throws(RuntimeError) -> SavedLink {
        var link = try savedLink(url)
        let added = try Set(adding.map(TagName.normalize))
        let removed = try Set(removing.map(TagName.normalize)).subtracting(added)
        let key = savedKey(link.url)
        let now = clock()
        for tag in added { try putSavedTag(tag, of: key, at: now) }
        for tag in removed where link.tags.contains(tag) { deleteSavedTag(tag, of: key) }
        link.tags = Set(link.tags).union(added).subtracting(removed).sorted()
        link.updatedAt = now
        try putSavedLink(link)
        try commit()
        return link
    }

    /// Removes a saved link softly: it keeps its tags and `restore` brings it back.
    public func unsave(_ url: String) throws(RuntimeError) -> SavedLink {
        try setDeleted(url, true)
    }

    /// Brings back a removed link.
    public func restore(_ url: String) throws(RuntimeError) -> SavedLink {
        try setDeleted(url, false)
    }

    /// The tags of the kept links with their counts and frecency scores, best first; with `url`, the
    /// tags already used on its domain count twice.
    public func tagScores(for url: String? = nil) throws(RuntimeError) -> [TagScore] {
        let target = try url.map(Self.savedURL)
        return TagFrecency.rank(try tagUses(), for: target, now: clock())
    }

    /// Posts a saved link to a session (with its note unless `note` is given).
    public func postSaved(_ sessionID: SessionID, url: String, note: String?) async throws(RuntimeError) -> Post {
        let link = try savedLink(url)
        guard !link.isDeleted else {
            throw RuntimeError(.badInput, "\(link.url) was removed from the saved links; `linkstr restore \(link.url)` brings it back")
        }
        return try await post(sessionID, url: link.url, note: note ?? link.note)
    }

    /// Whether the account has any saved link, kept or removed.
    public func hasSavedLinks() throws(RuntimeError) -> Bool {
        do {
            return try backend.count(owner: me.rawBytes, collection: SavedCollection.link) > 0
        } catch {
            throw RuntimeError(storage: error)
        }
    }

    // MARK: Storage

    /// The URL as saved links key it: normalized as a post URL.
    static func savedURL(_ text: String) throws(RuntimeError) -> String {
        do {
            return try WebURL.normalizeForSending(text)
        } catch {
            throw RuntimeError(.badInput, error.description)
        }
    }

    /// - Parameter savedAt: when a new link counts as saved (an imported bookmark's time); now by default.
    func save(
        _ url: String, tags: [String], note: String?, sharedBy: PublicKey? = nil, sharedIn: SessionID? = nil, savedAt: Int64? = nil,
        id: String? = nil
    ) throws(RuntimeError) -> SaveOutcome {
        let names = try Set(tags.map(TagName.normalize))
        let now = clock()
        let key = savedKey(url)
        let stored = try storedSavedLink(url)
        var link = stored ?? SavedLink(id: id ?? UUID().uuidString.lowercased(), url: url, savedAt: savedAt ?? now, updatedAt: now)
        link.tags = Set(link.tags).union(names).sorted()
        link.updatedAt = now
        link.deletedAt = nil
        if let note { link.note = note }
        if link.sharedBy == nil, let sharedBy {
            link.sharedBy = sharedBy
            link.sharedIn = sharedIn
        }
        for tag in names { try putSavedTag(tag, of: key, at: now) }
        try putSavedLink(link)
        try commit()
        let wasKept = stored.map { !$0.isDeleted } ?? false
        return SaveOutcome(link: link, alreadySaved: wasKept, previousTags: stored?.tags ?? [])
    }

    private func setDeleted(_ url: String, _ deleted: Bool) throws(RuntimeError) -> SavedLink {
        var link = try savedLink(url)
        guard link.isDeleted != deleted else { return link }
        let now = clock()
        link.deletedAt = deleted ? now : nil
        link.updatedAt = now
        try putSavedLink(link)
        try commit()
        return link
    }

    func savedKey(_ url: String) -> [UInt8] {
        cipher.lookupHash(url)
    }

    private func savedTagKey(_ tag: String, of linkKey: [UInt8]) -> [UInt8] {
        linkKey + cipher.lookupHash(tag)
    }

    func putSavedLink(_ link: SavedLink) throws(RuntimeError) {
        try withStore {
            try store.put(
                SavedCollection.link, key: savedKey(link.url), sort: link.savedAt, flags: link.isDeleted ? SavedCollection.deletedFlag : 0,
                value: link.encodedRecord())
        }
    }

    func putSavedTag(_ tag: String, of linkKey: [UInt8], at time: Int64) throws(RuntimeError) {
        var writer = RecordValueWriter(version: 1)
        writer.string(tag)
        try withStore { try store.put(SavedCollection.tag, key: savedTagKey(tag, of: linkKey), parent: linkKey, sort: time, value: writer.bytes) }
    }

    func deleteSavedTag(_ tag: String, of linkKey: [UInt8]) {
        store.deleteRecord(SavedCollection.tag, key: savedTagKey(tag, of: linkKey))
    }

    /// The stored link of a normalized URL with its tags and title, or nil.
    func storedSavedLink(_ url: String) throws(RuntimeError) -> SavedLink? {
        let key = savedKey(url)
        guard let bytes = try withStore({ try store.read(SavedCollection.link, key: key) }) else { return nil }
        var link = try Self.decodeSavedLink(bytes)
        link.tags = try read(StorageQuery(owner: me.rawBytes, collection: SavedCollection.tag, parent: key)).map { record throws(RuntimeError) in
            try Self.decodeSavedTag(record.value)
        }.sorted()
        link.title = try storedMetadata(link.url)?.title
        return link
    }

    /// Every saved link, kept and removed, newest first, with tags and titles.
    func allSavedLinks() throws(RuntimeError) -> [SavedLink] {
        let tagsByLink = try savedTagRecords()
        var links: [SavedLink] = []
        for record in try read(StorageQuery(owner: me.rawBytes, collection: SavedCollection.link, descending: true)) {
            var link = try Self.decodeSavedLink(record.value)
            link.tags = (tagsByLink[record.key] ?? []).map(\.tag).sorted()
            link.title = try storedMetadata(link.url)?.title
            links.append(link)
        }
        return links.sorted { ($0.savedAt, $0.updatedAt) > ($1.savedAt, $1.updatedAt) }
    }

    /// Each tag on a kept link, with when it was added.
    func tagUses() throws(RuntimeError) -> [TagUse] {
        let tagsByLink = try savedTagRecords()
        let kept = try read(
            StorageQuery(owner: me.rawBytes, collection: SavedCollection.link, flagsMask: SavedCollection.deletedFlag, flagsValue: 0))
        var uses: [TagUse] = []
        for record in kept {
            let link = try Self.decodeSavedLink(record.value)
            uses += (tagsByLink[record.key] ?? []).map { TagUse(tag: $0.tag, url: link.url, addedAt: $0.addedAt) }
        }
        return uses
    }

    /// The tag records of every link, by the link's key.
    private func savedTagRecords() throws(RuntimeError) -> [[UInt8]: [(tag: String, addedAt: Int64)]] {
        var byLink: [[UInt8]: [(tag: String, addedAt: Int64)]] = [:]
        for record in try read(StorageQuery(owner: me.rawBytes, collection: SavedCollection.tag)) {
            byLink[record.parent, default: []].append((try Self.decodeSavedTag(record.value), record.sort))
        }
        return byLink
    }

    private static func decodeSavedLink(_ bytes: [UInt8]) throws(RuntimeError) -> SavedLink {
        do {
            return try SavedLink(record: bytes)
        } catch {
            throw RuntimeError(.storage, "storage: a saved link record is damaged (\(error))")
        }
    }

    private static func decodeSavedTag(_ bytes: [UInt8]) throws(RuntimeError) -> String {
        do {
            var reader = try RecordValueReader(bytes)
            return try reader.string()
        } catch {
            throw RuntimeError(.storage, "storage: a saved tag record is damaged (\(error))")
        }
    }
}
