import Foundation
import Glibc
import LinkstrPluginKit

/// Thumbnails in the cache: `<cache>/thumbnails/<keyed name of the url>.<ext>` (`CacheNaming`),
/// downloaded once, checked to be an image by their magic bytes, written atomically and privately
/// (`PrivateFiles`). A thumbnail that failed is not asked again
/// until its failure is forgotten (`FailureMemory`); a file that went missing is fetched again.
///
/// Thread rule: thread-safe.
struct ThumbnailStore: Sendable {
    let folder: String
    let naming: CacheNaming
    let failures: FailureMemory
    let fetcher: HTTPFetcher
    let maxBytes: Int

    init(cacheDirectory: String, naming: CacheNaming, fetcher: HTTPFetcher, retryAfter: Duration, maxBytes: Int = 10 << 20) {
        folder = cacheDirectory + "/thumbnails"
        self.naming = naming
        failures = FailureMemory(folder: cacheDirectory + "/thumbnails/failed", naming: naming, retryAfter: retryAfter)
        self.fetcher = fetcher
        self.maxBytes = maxBytes
    }

    /// The cached file of `url`, if present.
    func cachedPath(for url: URL) -> String? {
        let stem = folder + "/" + naming.name(for: url.absoluteString)
        return ImageKind.allCases.map { stem + "." + $0.fileExtension }.first { access($0, F_OK) == 0 }
    }

    /// The local path of `url`'s image, downloading it when it is not cached.
    func path(for url: URL, timeout: Duration) async throws(FetchError) -> String {
        if let cached = cachedPath(for: url) { return cached }
        let key = url.absoluteString
        if let failure = failures.recentFailure(for: key) {
            throw .recentlyFailed("the thumbnail \(key) failed \(Int(failure.age)) s ago (\(failure.reason)); it is retried after \(Int(failures.retryAfter.seconds)) s")
        }
        do throws(FetchError) {
            let response = try await fetcher.fetch(
                HTTPFetcher.Request(
                    url: url, timeout: timeout, maxBytes: maxBytes + 1,
                    accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1"))
            guard !response.truncated else { throw FetchError.storage("the thumbnail \(key) is larger than \(maxBytes >> 20) MiB") }
            guard let kind = ImageKind(sniffing: response.body) else { throw FetchError.notAnImage(key) }
            return try write(response.body, as: naming.name(for: key) + "." + kind.fileExtension)
        } catch {
            if error.isRememberedAsFailing { failures.remember(error.description, for: key) }
            throw error
        }
    }

    private func write(_ bytes: [UInt8], as name: String) throws(FetchError) -> String {
        let path = folder + "/" + name
        do {
            try PrivateFiles.createFolder(folder)
            try PrivateFiles.write(bytes, to: path)
        } catch {
            throw .storage("cannot save the thumbnail to \(path): \(error.localizedDescription)")
        }
        return path
    }
}
