import Foundation
import Glibc
import LinkstrPluginKit

/// The key that names the media cache's files (`CacheNaming`): 64 hex digits in
/// `<data>/media-cache.key` (mode 0600), made on first use and deleted with the account's data.
/// Thumbnails, remembered failures and videos are named by HMAC-SHA256 of their link under it, and
/// the video index holds those names, never links: the cache folder alone does not tell what was
/// watched. The media plugins get it as `host.media_cache_key`.
///
/// A cache written before the key existed (plain SHA-256 names, links in the video index) is
/// discarded when the key is made.
enum MediaCacheKey {
    static let fileName = "media-cache.key"
    /// The cache folders named with the key, discarded with it.
    static let cacheFolders = ["thumbnails", "metadata-failures", "videos"]

    /// The key of `paths`, made (and an unkeyed cache discarded) when there is none yet.
    static func load(_ paths: LinkstrPaths) throws(MediaCacheKeyError) -> CacheNaming {
        let path = paths.dataDirectory + "/" + fileName
        for _ in 0..<3 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
                let key = CacheNaming(hex: text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return key
            }
            if let made = try make(at: path) {
                discardCache(paths)
                return made
            }
            // Another process is writing it: read it again.
            usleep(50_000)
        }
        throw MediaCacheKeyError("\(path) is damaged; delete it (the media cache is then discarded and rebuilt)")
    }

    /// Deletes the key and the cache folders it names.
    static func discard(_ paths: LinkstrPaths) throws(MediaCacheKeyError) {
        discardCache(paths)
        let path = paths.dataDirectory + "/" + fileName
        guard unlink(path) == 0 || errno == ENOENT else { throw MediaCacheKeyError("cannot delete \(path): \(String(cString: strerror(errno)))") }
    }

    private static func discardCache(_ paths: LinkstrPaths) {
        for folder in cacheFolders { try? FileManager.default.removeItem(atPath: paths.cacheDirectory + "/" + folder) }
    }

    /// A new random key written to `path`; nil when the file already exists.
    private static func make(at path: String) throws(MediaCacheKeyError) -> CacheNaming? {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw MediaCacheKeyError("cannot create \(folder): \(error.localizedDescription)")
        }
        let key = CacheNaming()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return nil }
            throw MediaCacheKeyError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let text = Array((key.hex + "\n").utf8)
        guard write(descriptor, text, text.count) == text.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw MediaCacheKeyError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return key
    }
}

/// The key naming the media cache's files cannot be read, made or deleted: the path and the cause.
public struct MediaCacheKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
