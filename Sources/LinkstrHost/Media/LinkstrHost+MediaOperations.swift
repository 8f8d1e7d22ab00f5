import Foundation
import Glibc
import LinkstrPluginKit
import PluginABI

extension LinkstrHost {
    /// The video cache: `<cache>/videos` with the `media_cache_bytes` budget.
    public var videoCache: VideoCache {
        VideoCache(folder: paths.cacheDirectory + "/videos", budget: configuration.mediaCacheBytes)
    }

    /// What names the media cache's files and video index entries (`MediaCacheKey`).
    public func mediaCacheNaming() throws(MediaFailure) -> CacheNaming {
        do {
            return try MediaCacheKey.load(paths)
        } catch {
            throw .cache(error)
        }
    }

    /// Title and thumbnail of `url` from the first claiming provider that fetches metadata. (A provider
    /// without `fetch_metadata`, such as the Vimeo example, is served by the next claiming one; the
    /// built-in generic provider claims every http(s) link.)
    public func fetchMetadata(_ url: String, timeout: Duration = .seconds(6)) async throws(MediaFailure) -> MediaMetadataResult {
        let claiming: [(provider: Capability<lkh_media_provider_v1>, classification: MediaClassification)]
        do {
            claiming = try claimingProviders(url)
        } catch {
            throw .plugin(pluginID: "classify", error)
        }
        guard let (provider, _) = claiming.first(where: { $0.provider.vtable.pointee.fetch_metadata != nil }) else {
            throw .noProvider("no installed media provider fetches metadata for \(url); `linkstr plugins` lists them")
        }
        let milliseconds = UInt32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let bytes: [UInt8]
        do {
            bytes = try await MediaCall.run(cancel: { provider.vtable.pointee.cancel?(provider.rawInstance, $0) }) {
                userData, done, _, operation, error in
                provider.vtable.pointee.fetch_metadata!(provider.rawInstance, url, milliseconds, done, userData, operation, error)
            }
        } catch {
            throw .plugin(pluginID: provider.pluginID, error)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .badAnswer("\(provider.pluginID) answered metadata that is not a JSON object")
        }
        return MediaMetadataResult(
            title: object["title"] as? String, thumbnail: object["thumbnail"] as? String,
            thumbnailPath: object["thumbnail_path"] as? String, pluginID: provider.pluginID,
            json: String(decoding: bytes, as: UTF8.self))
    }

    /// How to play `url` now: the first claiming provider's runtime resolution (ABI 1.1 `resolve`), or
    /// its classification when it has no runtime rules.
    ///
    /// - Parameter timeout: per request the provider makes; nil for the provider's own.
    public func resolveMedia(_ url: String, timeout: Duration? = nil) async throws(MediaFailure) -> MediaResolutionResult {
        let claiming: [(provider: Capability<lkh_media_provider_v1>, classification: MediaClassification)]
        do {
            claiming = try claimingProviders(url)
        } catch {
            throw .plugin(pluginID: "classify", error)
        }
        guard let (provider, classification) = claiming.first else {
            throw .noProvider("no installed media provider claims \(url); `linkstr plugins` lists them")
        }
        guard let resolution = try await resolve(url, with: provider, timeout: timeout) else {
            return MediaResolutionResult(classification)
        }
        return resolution
    }

    /// One provider's runtime resolution of `url`; nil when it has no `resolve`.
    private func resolve(
        _ url: String, with provider: Capability<lkh_media_provider_v1>, timeout: Duration?
    ) async throws(MediaFailure) -> MediaResolutionResult? {
        guard let resolve = provider.resolveFunction else { return nil }
        let milliseconds = timeout.map { UInt32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? 0
        let bytes: [UInt8]
        do {
            bytes = try await MediaCall.run(cancel: { provider.vtable.pointee.cancel?(provider.rawInstance, $0) }) {
                userData, done, _, operation, error in
                resolve(provider.rawInstance, url, milliseconds, done, userData, operation, error)
            }
        } catch {
            throw .plugin(pluginID: provider.pluginID, error)
        }
        guard let result = MediaResolutionResult(json: bytes, pluginID: provider.pluginID) else {
            throw .badAnswer("\(provider.pluginID) answered a resolution without provider, mode and resolved_url")
        }
        return result
    }

    /// The video of `url` in the video cache: a cache hit (by the keyed name of the canonical URL,
    /// `mediaCacheNaming`) is returned at once;
    /// otherwise the first claiming provider that extracts downloads it into the cache, which then
    /// evicts the least recently used videos beyond its budget.
    ///
    /// When that provider resolves links at runtime (a Facebook share link's reel, an X post's video),
    /// the resolved URL is what is extracted and cached by; a link that resolves to link mode (an X
    /// post without a video) is refused without extracting. A resolution that fails otherwise leaves
    /// the classification's URL.
    ///
    /// - Parameter progress: (downloaded bytes, total or -1), from any thread.
    public func fetchVideo(_ url: String, progress: (@Sendable (Int64, Int64) -> Void)? = nil) async throws(MediaFailure) -> CachedVideo {
        let claiming: [(provider: Capability<lkh_media_provider_v1>, classification: MediaClassification)]
        do {
            claiming = try claimingProviders(url)
        } catch {
            throw .plugin(pluginID: "classify", error)
        }
        guard let (provider, classification) = claiming.first(where: { $0.provider.vtable.pointee.extract != nil }) else {
            throw .noProvider("no installed media provider extracts videos from \(url); `linkstr plugins` lists them")
        }
        let cache = videoCache
        let naming = try mediaCacheNaming()
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
        let folder = cache.folder
        let bytes: [UInt8]
        do {
            bytes = try await MediaCall.run(progress: progress, cancel: { provider.vtable.pointee.cancel?(provider.rawInstance, $0) }) {
                userData, done, progressFunction, operation, error in
                provider.vtable.pointee.extract!(provider.rawInstance, key, folder, progressFunction, done, userData, operation, error)
            }
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

    /// Deletes what the media cache holds for `link`: its video (by its canonical URL and by the link
    /// itself), its remembered metadata failure, and its thumbnail (`thumbnail`, the image URL its
    /// metadata named) with that thumbnail's failure. Best effort: what cannot be removed now is
    /// evicted later.
    public func forgetCachedMedia(of link: String, thumbnail: String?) {
        guard let naming = try? mediaCacheNaming() else { return }
        let sources = Set([link, (try? classify(link))?.canonicalURL].compactMap { $0 })
        for source in sources { _ = try? videoCache.remove(naming.name(for: source)) }
        let cache = paths.cacheDirectory
        unlink(cache + "/metadata-failures/" + naming.name(for: link))
        guard let thumbnail else { return }
        let stem = naming.name(for: thumbnail)
        unlink(cache + "/thumbnails/failed/" + stem)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails")) ?? [] where name.hasPrefix(stem + ".") {
            unlink(cache + "/thumbnails/" + name)
        }
    }

    /// Deletes the whole media cache and the key naming its files (an account's data is cleared).
    public func discardMediaCache() throws(MediaFailure) {
        do {
            try MediaCacheKey.discard(paths)
        } catch {
            throw .cache(error)
        }
    }

    /// Deletes cached videos, thumbnails and remembered metadata failures; posts are untouched.
    public func clearMediaCache() throws(MediaFailure) -> MediaCacheClearing {
        let videos: (files: Int, bytes: Int64)
        do {
            videos = try videoCache.clear()
        } catch {
            throw .cache(error)
        }
        var previews = 0
        for folder in ["thumbnails", "metadata-failures"] {
            let path = paths.cacheDirectory + "/" + folder
            guard FileManager.default.fileExists(atPath: path), let enumerator = FileManager.default.enumerator(atPath: path) else { continue }
            while let name = enumerator.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                    previews += 1
                }
            }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw .cache(.io("cannot remove \(path): \(error.localizedDescription)"))
            }
        }
        return MediaCacheClearing(videos: videos.files, videoBytes: videos.bytes, previewFiles: previews)
    }
}
