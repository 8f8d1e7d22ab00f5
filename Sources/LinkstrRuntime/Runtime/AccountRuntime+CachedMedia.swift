import LinkstrEngine
import LinkstrHost

extension AccountRuntime {
    /// Deletes the cached media (video, thumbnail, remembered failures) of the links of deleted
    /// posts that no remaining post of the account shares. Best effort: the posts are deleted
    /// already, and a file that cannot be removed now is evicted with the cache later.
    func forgetCachedMedia(ofReleased links: [String]) {
        guard !links.isEmpty else { return }
        // Called once a batch is committed: a read failing here has nothing to drop and fails nothing;
        // the files stay until the cache evicts them.
        let records: [StoredRecord]
        do {
            records = try read(StorageQuery(owner: me.rawBytes, collection: EngineCollection.post))
        } catch {
            host.log.log(.warn, "the cached media of deleted posts are kept: cannot read which links other posts share: \(error)")
            return
        }
        let shared = Set(records.compactMap { try? Self.storedPost($0).url })
        for link in Set(links) where !shared.contains(link) {
            media.forgetCachedMedia(of: link, thumbnail: (try? LinkTitles.storedMetadata(link, in: self))?.thumbnail)
        }
    }
}
