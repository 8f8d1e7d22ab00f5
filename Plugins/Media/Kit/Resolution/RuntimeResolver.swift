import Foundation

/// Runtime resolution before playback: Facebook share links become their reel or
/// video URL, Rumble videos get the iframe URL of Rumble's oEmbed, X statuses are checked for a video
/// (media summary) and an embeddable post (publish.twitter.com oEmbed). Every other link of a named
/// provider keeps its static classification.
///
/// Requests go through the plugin's `HTTPFetcher` (address policy, redirect limit, size cap,
/// deadline) with an iOS Safari User-Agent, to the endpoints of `ResolutionSettings`. A step that
/// fails falls through to the next rule; only cancellation is thrown. Successful answers are cached
/// in memory per canonical URL; failures (`via == .none`) are not.
///
/// Thread rule: thread-safe; `resolve` runs concurrently.
final class RuntimeResolver: Sendable {
    let fetcher: HTTPFetcher
    let settings: ResolutionSettings
    let cache = ResolutionCache()

    /// The iPhone app's User-Agent for these requests (iOS 18 Safari).
    static let mobileSafari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
    /// Pages (Facebook share pages) are read up to this many bytes.
    static let pageCap = 1024 * 1024
    /// JSON answers (oEmbed, status APIs) are read up to this many bytes.
    static let jsonCap = 512 * 1024

    init(fetcher: HTTPFetcher, settings: ResolutionSettings) {
        self.fetcher = fetcher
        self.settings = settings
    }

    /// Resolves `url`; nil when it is no link of a named provider.
    ///
    /// - Parameter timeout: per request; nil for the iPhone app's (6 s Facebook and Rumble, 8 s X).
    /// - Throws: `.cancelled` only.
    func resolve(_ url: String, timeout: Duration? = nil) async throws(FetchError) -> MediaResolution? {
        guard let link = MediaClassifier.classify(url, providers: .named) else { return nil }
        let key = link.canonicalURL
        if let hit = cache.lookup(key) { return hit }
        let resolution: MediaResolution
        switch link.provider {
        case .facebook:
            guard let share = URL(string: link.canonicalURL), FacebookShareRules.isShareLink(share) else {
                return MediaResolution(link, via: .static)
            }
            resolution = await resolveFacebookShare(link, share: share, timeout: timeout ?? .seconds(6))
        case .rumble where link.mode == .embed && !link.canonicalURL.hasPrefix("https://rumble.com/embed/"):
            resolution = await resolveRumble(link, timeout: timeout ?? .seconds(6))
        case .twitter where link.mode == .extraction:
            resolution = await resolveTwitter(link, timeout: timeout ?? .seconds(8))
        default:
            return MediaResolution(link, via: .static)
        }
        if Task.isCancelled { throw .cancelled }
        if resolution.via != .none { cache.store(resolution, for: key) }
        return resolution
    }

    /// GETs `url` with the mobile Safari User-Agent; nil on any failure.
    func get(_ url: URL, timeout: Duration, maxBytes: Int, accept: String, followRedirects: Bool = true) async -> HTTPFetcher.Response? {
        try? await fetcher.fetch(
            HTTPFetcher.Request(
                url: url, timeout: timeout, maxBytes: maxBytes, accept: accept, userAgent: Self.mobileSafari,
                followRedirects: followRedirects))
    }

    /// `endpoint` with `query` appended (`?` or `&`).
    static func appending(_ query: String, to endpoint: String) -> URL? {
        URL(string: endpoint + (endpoint.contains("?") ? "&" : "?") + query)
    }
}
