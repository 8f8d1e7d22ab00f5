import Foundation
import LinkstrHost

/// How to play a link right now, after the provider's runtime resolution (`linkstr media resolve`):
/// a Facebook share link's reel or video, Rumble's oEmbed iframe, an X post's video
/// or oEmbed HTML. A provider without runtime rules answers its classification.
public struct MediaResolutionResult: Equatable, Sendable {
    public var provider: String
    public var mode: MediaMode
    /// The URL to play, extract and cache by.
    public var resolvedURL: String
    public var embedURL: String?
    /// An embed fragment (an X post's oEmbed `html`).
    public var embedHTML: String?
    /// Direct video URLs the provider found (X status APIs).
    public var videoURLs: [String]
    /// Which rule answered (`redirect`, `page`, `path`, `oembed`, `summary`, `static`, `none`), when the
    /// provider says.
    public var via: String?
    /// True when the provider answered from its in-memory cache.
    public var cached: Bool
    /// The plugin that answered.
    public var pluginID: String
    /// The provider's whole answer (JSON); empty when it was built from a classification.
    public var json: String

    /// The answer of a provider without runtime rules: its classification.
    init(_ classification: MediaClassification) {
        provider = classification.provider
        mode = classification.mode
        resolvedURL = classification.canonicalURL
        embedURL = classification.embedURL
        embedHTML = nil
        videoURLs = []
        via = "static"
        cached = false
        pluginID = classification.pluginID
        json = ""
    }

    /// Reads a `resolve` answer; nil when it lacks `provider`, a known `mode` or `resolved_url`.
    init?(json bytes: [UInt8], pluginID: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let provider = object["provider"] as? String, let modeText = object["mode"] as? String,
            let mode = MediaMode(rawValue: modeText), let resolved = object["resolved_url"] as? String
        else { return nil }
        self.provider = provider
        self.mode = mode
        resolvedURL = resolved
        embedURL = object["embed_url"] as? String
        embedHTML = object["embed_html"] as? String
        videoURLs = object["video_urls"] as? [String] ?? []
        via = object["via"] as? String
        cached = object["cached"] as? Bool ?? false
        self.pluginID = pluginID
        json = String(decoding: bytes, as: UTF8.self)
    }

    /// Refuses an answer whose URLs are not http(s) (`role` names the provider).
    func checkURLs(role: String) throws(PluginError) {
        _ = try PluginAnswer.webURL(resolvedURL, field: "resolved_url", role: role)
        if let embedURL { _ = try PluginAnswer.webURL(embedURL, field: "embed_url", role: role) }
        for video in videoURLs { _ = try PluginAnswer.webURL(video, field: "video_urls", role: role) }
    }
}
