import Foundation

/// The answer of runtime resolution for one link: how to play it now, which URL to
/// play or extract, and the embed player (a URL, or for X posts the oEmbed HTML).
///
/// Thread rule: a value type.
public struct MediaResolution: Equatable, Sendable {
    public var provider: MediaProvider
    public var mode: MediaLinkMode
    /// The URL to play and extract: the runtime canonical URL (a resolved share link, `x.com/i/status/<id>`),
    /// else the static canonical URL.
    public var resolvedURL: String
    public var embedURL: String?
    /// X posts: the publish.twitter.com oEmbed `html` (not wrapped into a document).
    public var embedHTML: String?
    /// X posts: direct video URLs the media summary named (https and media-looking only).
    public var videoURLs: [String]
    public var via: ResolutionSource
    /// True when the answer came from the in-memory cache.
    public var cached: Bool

    public init(
        provider: MediaProvider, mode: MediaLinkMode, resolvedURL: String, embedURL: String?, embedHTML: String? = nil,
        videoURLs: [String] = [], via: ResolutionSource, cached: Bool = false
    ) {
        self.provider = provider
        self.mode = mode
        self.resolvedURL = resolvedURL
        self.embedURL = embedURL
        self.embedHTML = embedHTML
        self.videoURLs = videoURLs
        self.via = via
        self.cached = cached
    }

    /// The static classification as a resolution (`via` says why no runtime rule answered).
    init(_ link: MediaLinkClassification, via: ResolutionSource) {
        self.init(provider: link.provider, mode: link.mode, resolvedURL: link.canonicalURL, embedURL: link.embedURL, via: via)
    }

    /// The `resolve` result JSON:
    /// `{"provider","mode","resolved_url","embed_url"?,"embed_html"?,"video_urls"?,"via","cached"}`.
    var json: String {
        var object: [String: Any] = [
            "provider": provider.rawValue, "mode": mode.rawValue, "resolved_url": resolvedURL, "via": via.rawValue, "cached": cached,
        ]
        object["embed_url"] = embedURL
        object["embed_html"] = embedHTML
        if !videoURLs.isEmpty { object["video_urls"] = videoURLs }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
