import Foundation
import Glibc
import LinkstrHost

extension MediaRuntime {
    /// The video cache: `<cache>/videos` with the `media_cache_bytes` budget.
    public var videoCache: VideoCache {
        VideoCache(folder: host.paths.cacheDirectory + "/videos", budget: host.configuration.mediaCacheBytes)
    }

    /// What names the media cache's files and video index entries (the host's media cache key).
    public func cacheNaming() throws(MediaFailure) -> CacheNaming {
        do {
            return try host.mediaCacheNaming()
        } catch {
            throw .cache(.io(error.description))
        }
    }

    /// Deletes what the media cache holds for `link`: its video (by its canonical URL and by the link
    /// itself), its remembered metadata failure, and its thumbnail (`thumbnail`, the image URL its
    /// metadata named) with that thumbnail's failure. Best effort: what cannot be removed now is
    /// evicted later.
    public func forgetCachedMedia(of link: String, thumbnail: String?) {
        guard let naming = try? cacheNaming() else { return }
        let sources = Set([link, (try? classify(link))?.canonicalURL].compactMap { $0 })
        for source in sources { _ = try? videoCache.remove(naming.name(for: source)) }
        let cache = host.paths.cacheDirectory
        unlink(cache + "/metadata-failures/" + naming.name(for: link))
        guard let thumbnail else { return }
        let stem = naming.name(for: thumbnail)
        unlink(cache + "/thumbnails/failed/" + stem)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails")) ?? [] where name.hasPrefix(stem + ".") {
            unlink(cache + "/thumbnails/" + name)
        }
    }

    /// Deletes the whole media cache and the key naming its files (an account's data is cleared).
    public func discardCache() throws(MediaFailure) {
        do {
            try host.discardMediaCacheKey()
        } catch {
            throw .cache(.io(error.description))
        }
    }

    /// Deletes cached videos, thumbnails and remembered metadata failures; posts are untouched.
    public func clearCache() throws(MediaFailure) -> MediaCacheClearing {
        let videos: (files: Int, bytes: Int64)
        do {
            videos = try videoCache.clear()
        } catch {
            throw .cache(error)
        }
        var previews = 0
        for folder in ["thumbnails", "metadata-failures"] {
            let path = host.paths.cacheDirectory + "/" + folder
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

extension MediaRuntime {
    /// The cached video file of each of `urls` that has one, looked up by its canonical URL as
    /// `fetchVideo` caches it (a video cached under a runtime-resolved URL is found by `fetchVideo`
    /// only). Reading does not count as a use. Nothing when the cache cannot be read.
    public func cachedVideos(of urls: [String]) -> [String: String] {
        guard let naming = try? cacheNaming(), let entries = try? videoCache.entries(), !entries.isEmpty else { return [:] }
        let files = Dictionary(entries.map { ($0.key, $0.file) }, uniquingKeysWith: { first, _ in first })
        var found: [String: String] = [:]
        for url in Set(urls) {
            let canonical = (try? classify(url)).flatMap { $0 }?.canonicalURL ?? url
            if let file = files[naming.name(for: canonical)] ?? files[naming.name(for: url)] { found[url] = videoCache.folder + "/" + file }
        }
        return found
    }
}

/// What `linkstr media clear-cache` removed.
public struct MediaCacheClearing: Equatable, Sendable {
    public var videos: Int
    public var videoBytes: Int64
    /// Thumbnails and remembered failures.
    public var previewFiles: Int
}
