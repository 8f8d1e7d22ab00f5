import Foundation
import LinkstrEngine
import LinkstrHost

/// The media use cases of a home: how the media providers classify and resolve a link, its title and
/// thumbnail, its video extracted into the video cache, and that cache. It needs no account: the
/// command line gets one from `LinkstrApp.media()`, an account's runtime has its own
/// (`AccountRuntime.media`: the titles of a feed, the cache of deleted posts).
///
/// The host's providers answer in their order (configuration, then priority); the first that claims a
/// link and implements the operation answers it.
///
/// Thread rule: a value type; every call is thread-safe.
public struct MediaRuntime: Sendable {
    /// The host, its plugins loaded.
    public let host: LinkstrHost

    public init(host: LinkstrHost) {
        self.host = host
    }

    /// The link the media use cases take: `text` validated and normalised exactly as a post's URL
    /// (`WebURL.normalizeForSending`: a bare host such as `youtube.com/watch?v=…` gets https://).
    ///
    /// - Throws: `.badInput` with the reason when it is no http(s) URL.
    public static func link(_ text: String) throws(LinkstrError) -> String {
        do {
            return try WebURL.normalizeForSending(text)
        } catch {
            throw LinkstrError(.badInput, error.reason)
        }
    }

    /// The first provider's classification of `url`; nil when none claims it.
    ///
    /// - Throws: `PluginError` when a provider fails for another reason than "not mine".
    public func classify(_ url: String) throws(PluginError) -> MediaClassification? {
        try host.classify(url)
    }

    /// Title and thumbnail of `url` from the first claiming provider that fetches metadata. (A provider
    /// without `fetch_metadata`, such as the Vimeo example, is served by the next claiming one; the
    /// built-in generic provider claims every http(s) link.)
    public func fetchMetadata(_ url: String, timeout: Duration = .seconds(6)) async throws(MediaFailure) -> MediaMetadataResult {
        guard let (provider, _) = try claimingProviders(url).first(where: { $0.provider.fetchesMetadata }) else {
            throw .noProvider("no installed media provider fetches metadata for \(url); `linkstr plugins` lists them")
        }
        let bytes: [UInt8]
        do {
            bytes = try await provider.fetchMetadata(url, timeout: timeout)
        } catch {
            throw .plugin(pluginID: provider.pluginID, error)
        }
        try check(provider) { () throws(PluginError) in _ = try PluginAnswer.utf8(bytes, field: "metadata answer", role: provider.role) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .badAnswer("\(provider.pluginID) answered metadata that is not a JSON object")
        }
        if let thumbnail = object["thumbnail"] as? String {
            try check(provider) { () throws(PluginError) in _ = try PluginAnswer.webURL(thumbnail, field: "thumbnail", role: provider.role) }
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
    public func resolve(_ url: String, timeout: Duration? = nil) async throws(MediaFailure) -> MediaResolutionResult {
        guard let (provider, classification) = try claimingProviders(url).first else {
            throw .noProvider("no installed media provider claims \(url); `linkstr plugins` lists them")
        }
        guard let resolution = try await resolve(url, with: provider, timeout: timeout) else {
            return MediaResolutionResult(classification)
        }
        return resolution
    }

    /// One provider's runtime resolution of `url`; nil when it has no `resolve`.
    func resolve(_ url: String, with provider: MediaProvider, timeout: Duration?) async throws(MediaFailure) -> MediaResolutionResult? {
        let answer: [UInt8]?
        do {
            answer = try await provider.resolve(url, timeout: timeout)
        } catch {
            throw .plugin(pluginID: provider.pluginID, error)
        }
        guard let answer else { return nil }
        try check(provider) { () throws(PluginError) in _ = try PluginAnswer.utf8(answer, field: "resolution", role: provider.role) }
        guard let result = MediaResolutionResult(json: answer, pluginID: provider.pluginID) else {
            throw .badAnswer("\(provider.pluginID) answered a resolution without provider, mode and resolved_url")
        }
        try check(provider) { () throws(PluginError) in try result.checkURLs(role: provider.role) }
        return result
    }

    /// Runs a check of `provider`'s answer; a refusal is the provider's failure.
    private func check(_ provider: MediaProvider, _ body: () throws(PluginError) -> Void) throws(MediaFailure) {
        do {
            try body()
        } catch {
            throw .plugin(pluginID: provider.pluginID, error)
        }
    }

    /// The providers that claim `url`, in the order they are asked, with their answers.
    func claimingProviders(_ url: String) throws(MediaFailure) -> [(provider: MediaProvider, classification: MediaClassification)] {
        do {
            return try host.claimingProviders(url)
        } catch {
            throw .plugin(pluginID: "classify", error)
        }
    }
}
