import LinkstrPluginKit

extension LinkstrHost {
    /// What names the media cache's files and video index entries: the key the media plugins get as
    /// `host.media_cache_key` (`MediaCacheKey`), made on first use.
    public func mediaCacheNaming() throws(MediaCacheKeyError) -> CacheNaming {
        try MediaCacheKey.load(paths)
    }

    /// Deletes the key naming the media cache and the cache folders it names.
    public func discardMediaCacheKey() throws(MediaCacheKeyError) {
        try MediaCacheKey.discard(paths)
    }
}
