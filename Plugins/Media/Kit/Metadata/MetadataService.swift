import Foundation
import LinkstrPluginKit

/// Finds a link's title and thumbnail: the provider's oEmbed where it needs no token, else the page's
/// OpenGraph / Twitter-card / `<title>` tags (and an oEmbed link the page announces), then caches the
/// thumbnail. Failures are remembered (`FailureMemory`) so a dead link is not fetched again before
/// `retryAfter`.
///
/// Thread rule: thread-safe; `metadata` runs concurrently, at most `concurrency` page fetches at once.
final class MetadataService: Sendable {
    let fetcher: HTTPFetcher
    let thumbnails: ThumbnailStore
    let failures: FailureMemory
    let endpoints: [MediaProvider: String]
    private let limiter: ConcurrencyLimiter

    /// Pages are read up to this many bytes (the head is always near the start).
    static let pageCap = 512 * 1024

    init(
        fetcher: HTTPFetcher, cacheDirectory: String, naming: CacheNaming, endpoints: [MediaProvider: String], retryAfter: Duration,
        concurrency: Int
    ) {
        self.fetcher = fetcher
        thumbnails = ThumbnailStore(cacheDirectory: cacheDirectory, naming: naming, fetcher: fetcher, retryAfter: retryAfter)
        failures = FailureMemory(folder: cacheDirectory + "/metadata-failures", naming: naming, retryAfter: retryAfter)
        self.endpoints = endpoints
        limiter = ConcurrencyLimiter(limit: concurrency)
    }

    /// - Parameter link: the classification of `url` by this plugin (nil: fetch the page only).
    func metadata(for url: String, link: MediaLinkClassification?, timeout: Duration) async throws(FetchError) -> MediaMetadata {
        guard let pageURL = URL(string: url), let scheme = pageURL.scheme?.lowercased() else { throw .invalidURL(url) }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        if let failure = failures.recentFailure(for: url) {
            throw .recentlyFailed(
                "metadata for \(url) failed \(Int(failure.age)) s ago (\(failure.reason)); it is retried after \(Int(failures.retryAfter.seconds)) s")
        }
        var result: MediaMetadata
        do throws(FetchError) {
            try await limiter.acquire()
            defer { limiter.release() }
            result = try await describe(pageURL, link: link, timeout: timeout)
        } catch {
            if error.isRememberedAsFailing { failures.remember(error.description, for: url) }
            throw error
        }
        if let image = result.thumbnail {
            do throws(FetchError) {
                result.thumbnailPath = try await thumbnails.path(for: image, timeout: timeout)
            } catch {
                if error == .cancelled { throw error }
                result.thumbnailError = error.description
            }
        }
        return result
    }

    private func describe(_ pageURL: URL, link: MediaLinkClassification?, timeout: Duration) async throws(FetchError) -> MediaMetadata {
        if let link, let request = OEmbed.requestURL(for: link, endpoints: endpoints) {
            let answer = try? await fetcher.fetch(
                HTTPFetcher.Request(url: request, timeout: timeout, maxBytes: 256 * 1024, accept: "application/json"))
            if let answer, let parsed = OEmbed.parse(answer.body, base: answer.url), parsed.title != nil || parsed.thumbnail != nil {
                return MediaMetadata(title: parsed.title, thumbnail: parsed.thumbnail, source: "oembed")
            }
            if Task.isCancelled { throw .cancelled }
        }
        let response = try await fetcher.fetch(
            HTTPFetcher.Request(
                url: pageURL, timeout: timeout, maxBytes: Self.pageCap, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"))
        let type = response.contentType?.lowercased() ?? "text/html"
        guard type.contains("html") || type.hasPrefix("text/") else { throw .nothingFound(pageURL.absoluteString) }
        let page = PageMetadata.scan(TextDecoding.decode(response.body, contentType: response.contentType).text, pageURL: response.url)
        if page.title == nil, page.image == nil, let discovered = page.oEmbedURL {
            let answer = try await fetcher.fetch(
                HTTPFetcher.Request(url: discovered, timeout: timeout, maxBytes: 256 * 1024, accept: "application/json"))
            if let parsed = OEmbed.parse(answer.body, base: answer.url), parsed.title != nil || parsed.thumbnail != nil {
                return MediaMetadata(title: parsed.title, thumbnail: parsed.thumbnail, source: "oembed")
            }
        }
        guard page.title != nil || page.image != nil else { throw .nothingFound(pageURL.absoluteString) }
        return MediaMetadata(title: page.title, thumbnail: page.image, source: "page")
    }
}
