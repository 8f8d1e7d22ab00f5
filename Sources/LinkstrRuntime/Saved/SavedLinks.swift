import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// The saved links of an account: records sealed by its cipher (keyed by a hash of the URL, tags as
/// records of their own), the bookmark files they are imported from and exported to, and their
/// sync with the account's other machines through the relays (``SavedLinks+RelaySync``).
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum SavedLinks {
    /// Saves `url` with `tags`. A link saved before keeps its id and saved time and gets the union of
    /// its tags and these; a removed one comes back. Tags are records of their own, so two processes
    /// saving the same link at once keep every tag either gave.
    public static func save(_ url: String, tags: [String], note: String?, in account: isolated AccountRuntime) throws(LinkstrError) -> SaveOutcome {
        try save(Self.savedURL(url), tags: tags, note: note, sharedBy: nil, sharedIn: nil, in: account)
    }

    /// Saves the link of a post (named as `react` names posts), keeping who shared it and where; its
    /// note unless `note` is given. The saved copy is the user's own: the post may go, it stays.
    public static func save(fromPost text: String, tags: [String], note: String?, in account: isolated AccountRuntime) throws(LinkstrError) -> SaveOutcome {
        let post = try Sessions.resolvePost(text, in: account)
        return try save(post.url, tags: tags, note: note ?? post.note, sharedBy: post.sender, sharedIn: post.sessionID, in: account)
    }

    /// The saved links `filter` selects, newest first, with tags and stored titles.
    public static func savedLinks(_ filter: SavedLinkFilter = SavedLinkFilter(), in account: isolated AccountRuntime) throws(LinkstrError) -> [SavedLink] {
        let wanted = SavedLinkFilter(tags: try filter.tags.map(TagName.normalize), search: filter.search, deleted: filter.deleted)
        return try allSavedLinks(in: account).filter(wanted.matches)
    }

    /// The saved link of `url` (kept or removed).
    public static func savedLink(_ url: String, in account: isolated AccountRuntime) throws(LinkstrError) -> SavedLink {
        let normalized = try Self.savedURL(url)
        guard let link = try storedSavedLink(normalized, in: account) else {
            throw LinkstrError(.badInput, "\(normalized) is not saved; save it with `linkstr save \(normalized)`")
        }
        return link
    }

    /// Adds and removes tags of a saved link.
    public static func retag(_ url: String, adding: [String], removing: [String], in account: isolated AccountRuntime) throws(LinkstrError) -> SavedLink {
        var link = try savedLink(url, in: account)
        let added = try Set(adding.map(TagName.normalize))
        let removed = try Set(removing.map(TagName.normalize)).subtracting(added)
        let key = savedKey(link.url, in: account)
        let now = account.clock()
        for tag in added { try putSavedTag(tag, of: key, at: now, in: account) }
        for tag in removed where link.tags.contains(tag) { deleteSavedTag(tag, of: key, in: account) }
        link.tags = Set(link.tags).union(added).subtracting(removed).sorted()
        link.updatedAt = now
        try putSavedLink(link, in: account)
        try account.commit()
        return link
    }

    /// Removes a saved link softly: it keeps its tags and `restore` brings it back.
    public static func unsave(_ url: String, in account: isolated AccountRuntime) throws(LinkstrError) -> SavedLink {
        try setDeleted(url, true, in: account)
    }

    /// Brings back a removed link.
    public static func restore(_ url: String, in account: isolated AccountRuntime) throws(LinkstrError) -> SavedLink {
        try setDeleted(url, false, in: account)
    }

    /// The tags of the kept links with their counts and frecency scores, best first; with `url`, the
    /// tags already used on its domain count twice.
    public static func tagScores(for url: String? = nil, in account: isolated AccountRuntime) throws(LinkstrError) -> [TagScore] {
        let target = try url.map(Self.savedURL)
        return TagFrecency.rank(try tagUses(in: account), for: target, now: account.clock())
    }

    /// Posts a saved link to a session (with its note unless `note` is given).
    public static func postSaved(_ sessionID: SessionID, url: String, note: String?, in account: isolated AccountRuntime) async throws(LinkstrError) -> Post {
        let link = try savedLink(url, in: account)
        guard !link.isDeleted else {
            throw LinkstrError(.badInput, "\(link.url) was removed from the saved links; `linkstr restore \(link.url)` brings it back")
        }
        return try await Sessions.post(sessionID, url: link.url, note: note ?? link.note, in: account)
    }

    /// Whether the account has any saved link, kept or removed.
    static func hasSavedLinks(in account: isolated AccountRuntime) throws(LinkstrError) -> Bool {
        do {
            return try account.backend.count(owner: account.me.rawBytes, collection: SavedCollection.link) > 0
        } catch {
            throw LinkstrError(storage: error)
        }
    }

    /// The URL as saved links key it: normalized as a post URL.
    static func savedURL(_ text: String) throws(LinkstrError) -> String {
        do {
            return try WebURL.normalizeForSending(text)
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
    }

    /// - Parameter savedAt: when a new link counts as saved (an imported bookmark's time); now by default.
    static func save(
        _ url: String, tags: [String], note: String?, sharedBy: PublicKey? = nil, sharedIn: SessionID? = nil, savedAt: Int64? = nil,
        id: String? = nil, in account: isolated AccountRuntime
    ) throws(LinkstrError) -> SaveOutcome {
        let names = try Set(tags.map(TagName.normalize))
        let now = account.clock()
        let key = savedKey(url, in: account)
        let stored = try storedSavedLink(url, in: account)
        var link = stored ?? SavedLink(id: id ?? UUID().uuidString.lowercased(), url: url, savedAt: savedAt ?? now, updatedAt: now)
        link.tags = Set(link.tags).union(names).sorted()
        link.updatedAt = now
        link.deletedAt = nil
        if let note { link.note = note }
        if link.sharedBy == nil, let sharedBy {
            link.sharedBy = sharedBy
            link.sharedIn = sharedIn
        }
        for tag in names { try putSavedTag(tag, of: key, at: now, in: account) }
        try putSavedLink(link, in: account)
        try account.commit()
        let wasKept = stored.map { !$0.isDeleted } ?? false
        return SaveOutcome(link: link, alreadySaved: wasKept, previousTags: stored?.tags ?? [])
    }

    private static func setDeleted(_ url: String, _ deleted: Bool, in account: isolated AccountRuntime) throws(LinkstrError) -> SavedLink {
        var link = try savedLink(url, in: account)
        guard link.isDeleted != deleted else { return link }
        let now = account.clock()
        link.deletedAt = deleted ? now : nil
        link.updatedAt = now
        try putSavedLink(link, in: account)
        try account.commit()
        return link
    }

    static func savedKey(_ url: String, in account: isolated AccountRuntime) -> [UInt8] {
        account.cipher.lookupHash(url)
    }

    private static func savedTagKey(_ tag: String, of linkKey: [UInt8], in account: isolated AccountRuntime) -> [UInt8] {
        linkKey + account.cipher.lookupHash(tag)
    }

    static func putSavedLink(_ link: SavedLink, in account: isolated AccountRuntime) throws(LinkstrError) {
        try account.withStore {
            try account.store.put(
                SavedCollection.link, key: savedKey(link.url, in: account), sort: link.savedAt, flags: link.isDeleted ? SavedCollection.deletedFlag : 0,
                value: link.encodedRecord())
        }
    }

    static func putSavedTag(_ tag: String, of linkKey: [UInt8], at time: Int64, in account: isolated AccountRuntime) throws(LinkstrError) {
        var writer = RecordValueWriter(version: 1)
        writer.string(tag)
        try account.withStore { try account.store.put(SavedCollection.tag, key: savedTagKey(tag, of: linkKey, in: account), parent: linkKey, sort: time, value: writer.bytes) }
    }

    static func deleteSavedTag(_ tag: String, of linkKey: [UInt8], in account: isolated AccountRuntime) {
        account.store.deleteRecord(SavedCollection.tag, key: savedTagKey(tag, of: linkKey, in: account))
    }

    /// The stored link of a normalized URL with its tags and title, or nil.
    static func storedSavedLink(_ url: String, in account: isolated AccountRuntime) throws(LinkstrError) -> SavedLink? {
        let key = savedKey(url, in: account)
        guard let bytes = try account.withStore({ try account.store.read(SavedCollection.link, key: key) }) else { return nil }
        var link = try Self.decodeSavedLink(bytes)
        link.tags = try account.read(StorageQuery(owner: account.me.rawBytes, collection: SavedCollection.tag, parent: key)).map { record throws(LinkstrError) in
            try Self.decodeSavedTag(record.value)
        }.sorted()
        link.title = try LinkTitles.storedMetadata(link.url, in: account)?.title
        return link
    }

    /// Every saved link, kept and removed, newest first, with tags and titles.
    static func allSavedLinks(in account: isolated AccountRuntime) throws(LinkstrError) -> [SavedLink] {
        let tagsByLink = try savedTagRecords(in: account)
        var links: [SavedLink] = []
        for record in try account.read(StorageQuery(owner: account.me.rawBytes, collection: SavedCollection.link, descending: true)) {
            var link = try Self.decodeSavedLink(record.value)
            link.tags = (tagsByLink[record.key] ?? []).map(\.tag).sorted()
            link.title = try LinkTitles.storedMetadata(link.url, in: account)?.title
            links.append(link)
        }
        return links.sorted { ($0.savedAt, $0.updatedAt) > ($1.savedAt, $1.updatedAt) }
    }

    /// Each tag on a kept link, with when it was added.
    static func tagUses(in account: isolated AccountRuntime) throws(LinkstrError) -> [TagUse] {
        let tagsByLink = try savedTagRecords(in: account)
        let kept = try account.read(
            StorageQuery(owner: account.me.rawBytes, collection: SavedCollection.link, flagsMask: SavedCollection.deletedFlag, flagsValue: 0))
        var uses: [TagUse] = []
        for record in kept {
            let link = try Self.decodeSavedLink(record.value)
            uses += (tagsByLink[record.key] ?? []).map { TagUse(tag: $0.tag, url: link.url, addedAt: $0.addedAt) }
        }
        return uses
    }

    /// The tag records of every link, by the link's key.
    private static func savedTagRecords(in account: isolated AccountRuntime) throws(LinkstrError) -> [[UInt8]: [(tag: String, addedAt: Int64)]] {
        var byLink: [[UInt8]: [(tag: String, addedAt: Int64)]] = [:]
        for record in try account.read(StorageQuery(owner: account.me.rawBytes, collection: SavedCollection.tag)) {
            byLink[record.parent, default: []].append((try Self.decodeSavedTag(record.value), record.sort))
        }
        return byLink
    }

    private static func decodeSavedLink(_ bytes: [UInt8]) throws(LinkstrError) -> SavedLink {
        do {
            return try SavedLink(record: bytes)
        } catch {
            throw LinkstrError(.storage, "storage: a saved link record is damaged (\(error))")
        }
    }

    private static func decodeSavedTag(_ bytes: [UInt8]) throws(LinkstrError) -> String {
        do {
            var reader = try RecordValueReader(bytes)
            return try reader.string()
        } catch {
            throw LinkstrError(.storage, "storage: a saved tag record is damaged (\(error))")
        }
    }

    /// Saves every web link of a bookmark file's entries: new ones with their time (one in the
    /// future is taken as now), title, note, id and where they were shared; ones already saved get
    /// the entry's tags added. A Netscape folder path is one more tag. Tags that break the tag rule
    /// are left out.
    public static func importBookmarks(_ entries: [BookmarkEntry], in account: isolated AccountRuntime) throws(LinkstrError) -> ImportReport {
        var report = ImportReport()
        let now = account.clock()
        for entry in entries {
            guard let url = try? WebURL.normalize(entry.url) else {
                report.skipped += 1
                continue
            }
            let tags = (entry.tags + [entry.folder].compactMap { $0 }).compactMap { try? TagName.normalize($0) }
            let outcome = try save(
                url, tags: tags, note: nil, sharedBy: entry.sharedBy, sharedIn: entry.sharedIn, savedAt: entry.addedAt.map { min($0, now) },
                id: entry.id, in: account)
            if outcome.alreadySaved {
                report.merged += 1
                continue
            }
            report.imported += 1
            if let note = entry.note, outcome.link.note == nil {
                var link = outcome.link
                link.note = note
                try putSavedLink(link, in: account)
            }
            if let title = entry.title, title != url, try LinkTitles.storedMetadata(url, in: account) == nil {
                try LinkTitles.putMetadata(LinkMetadata(title: title, thumbnail: nil), of: url, in: account)
            }
            try account.commit()
        }
        return report
    }

    /// The kept saved links as a Netscape bookmark file.
    public static func exportBookmarks(in account: isolated AccountRuntime) throws(LinkstrError) -> String {
        NetscapeBookmarks.export(try savedLinks(in: account))
    }
}
