import Foundation
import LinkstrHost

extension MediaRuntime {
    /// The video of `url` in the video cache: a cache hit (by the keyed name of the canonical URL,
    /// `cacheNaming`) is returned at once; otherwise the first claiming provider that extracts
    /// downloads it into the cache, which then evicts the least recently used videos beyond its budget.
    ///
    /// When that provider resolves links at runtime (a Facebook share link's reel, an X post's video),
    /// the resolved URL is what is extracted and cached by; a link that resolves to link mode (an X
    /// post without a video) is refused without extracting. A resolution that fails otherwise leaves
    /// the classification's URL.
    ///
    /// - Parameter progress: (downloaded bytes, total or -1), from any thread.
    public func fetchVideo(_ url: String, progress: (@Sendable (Int64, Int64) -> Void)? = nil) async throws(MediaFailure) -> CachedVideo {
        guard let (provider, classification) = try claimingProviders(url).first(where: { $0.provider.extracts }) else {
            throw .noProvider("no installed media provider extracts videos from \(url); `linkstr plugins` lists them")
        }
        let cache = videoCache
        let naming = try cacheNaming()
        var key = classification.canonicalURL
        do {
            if let hit = try cache.lookup(naming.name(for: key)) {
                return CachedVideo(path: hit.path, bytes: hit.entry.bytes, fromCache: true, pluginID: nil, evicted: [])
            }
        } catch {
            throw .cache(error)
        }
        var resolution: MediaResolutionResult?
        do throws(MediaFailure) {
            resolution = try await resolve(key, with: provider, timeout: nil)
        } catch {
            if error.status == .cancelled || Task.isCancelled { throw error }
        }
        if let resolution {
            guard resolution.mode != .link else {
                throw .notPlayable(
                    "\(url) has no video to extract: \(provider.pluginID) resolves it to a link (a post without a video, or a page); open it in a browser")
            }
            key = resolution.resolvedURL
        }
        do {
            if key != classification.canonicalURL, let hit = try cache.lookup(naming.name(for: key)) {
                return CachedVideo(path: hit.path, bytes: hit.entry.bytes, fromCache: true, pluginID: nil, evicted: [])
            }
            try cache.prepare()
        } catch {
            throw .cache(error)
        }
        let bytes: [UInt8]
        do {
            bytes = try await provider.extract(key, into: cache.folder, progress: progress)
        } catch {
            throw .plugin(pluginID: provider.pluginID, error)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], let path = object["path"] as? String else {
            throw .badAnswer("\(provider.pluginID) answered an extraction without a \"path\"")
        }
        do {
            let evicted = try cache.insert(key: naming.name(for: key), path: path)
            let size = (object["bytes"] as? Int).map(Int64.init) ?? 0
            return CachedVideo(path: path, bytes: size, fromCache: false, pluginID: provider.pluginID, evicted: evicted)
        } catch {
            throw .cache(error)
        }
    }
}
