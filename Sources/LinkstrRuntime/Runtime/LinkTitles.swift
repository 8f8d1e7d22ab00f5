import LinkstrEngine
import LinkstrHost

/// The titles and thumbnails of the links an account shows: fetched through the media providers when
/// asked (`feed --titles`), kept sealed in the account's records by a hash of the URL.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum LinkTitles {
    /// How many links `fetchTitles` asks about at once.
    static let metadataConcurrency = 4

    /// Fetches, through the media providers, the title and thumbnail of every item that has none yet,
    /// stores them (sealed) and returns the items with them. Opt-in (`feed --titles`): fetching a
    /// link tells its host that someone received it, which a private sharing app should not do
    /// behind its user's back. Failures leave the item as it was (the media plugin remembers dead
    /// links and does not hammer them).
    public static func fetchTitles(_ items: [FeedItem], in account: isolated AccountRuntime) async throws(LinkstrError) -> [FeedItem] {
        let fetched = try await fetchMetadata(items.filter { $0.title == nil && $0.thumbnail == nil }.map(\.post.url), in: account)
        return items.map { item in
            guard let metadata = fetched[item.post.url] else { return item }
            var updated = item
            updated.title = metadata.title
            updated.thumbnail = metadata.thumbnail
            return updated
        }
    }

    /// `fetchTitles` for saved links: the title of every link that has none yet.
    public static func fetchTitles(_ links: [SavedLink], in account: isolated AccountRuntime) async throws(LinkstrError) -> [SavedLink] {
        let fetched = try await fetchMetadata(links.filter { $0.title == nil }.map(\.url), in: account)
        return links.map { link in
            var updated = link
            updated.title = fetched[link.url]?.title ?? link.title
            return updated
        }
    }

    /// Fetches the metadata of `urls` through the media providers, a few at a time, and stores what
    /// was found (sealed).
    private static func fetchMetadata(_ urls: [String], in account: isolated AccountRuntime) async throws(LinkstrError) -> [String: LinkMetadata] {
        let missing = Array(Set(urls))
        let media = account.media
        var fetched: [String: LinkMetadata] = [:]
        for start in stride(from: 0, to: missing.count, by: Self.metadataConcurrency) {
            let chunk = missing[start..<min(start + Self.metadataConcurrency, missing.count)]
            await withTaskGroup(of: (String, LinkMetadata?).self) { group in
                for url in chunk {
                    group.addTask {
                        guard let result = try? await media.fetchMetadata(url) else { return (url, nil) }
                        return (url, LinkMetadata(title: result.title, thumbnail: result.thumbnail))
                    }
                }
                for await (url, metadata) in group { fetched[url] = metadata }
            }
        }
        for (url, metadata) in fetched { try putMetadata(metadata, of: url, in: account) }
        try account.commit()
        return fetched
    }

    /// What was fetched of one link before (`feed --titles`): its title and thumbnail address; nil when
    /// nothing was. One lookup, whatever the number of posts.
    public static func storedMetadata(_ url: String, in account: isolated AccountRuntime) throws(LinkstrError) -> LinkMetadata? {
        guard let bytes = try account.withStore({ try account.store.read(EngineCollection.linkMetadata, key: account.cipher.lookupHash(url)) }) else { return nil }
        return try? LinkMetadata(encoded: bytes)
    }

    /// Buffers `metadata` as what was fetched for `url`.
    static func putMetadata(_ metadata: LinkMetadata, of url: String, in account: isolated AccountRuntime) throws(LinkstrError) {
        try account.withStore { try account.store.put(EngineCollection.linkMetadata, key: account.cipher.lookupHash(url), value: metadata.encoded()) }
    }
}
