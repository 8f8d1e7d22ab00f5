import Foundation

/// Where runtime resolution sends its requests. Each can be replaced in the plugin's
/// config section, which is how the tests point them at a server on 127.0.0.1:
///
/// | key | default |
/// |---|---|
/// | `facebook_resolve_base` | none: the share link itself is requested |
/// | `rumble_oembed_endpoint` | `oembed_endpoints.rumble`, else `https://rumble.com/api/Media/oembed.json` |
/// | `twitter_summary_endpoints` | `["https://api.vxtwitter.com/Twitter/status/{id}", "https://api.fxtwitter.com/status/{id}"]` |
/// | `twitter_oembed_endpoint` | `oembed_endpoints.twitter`, else `https://publish.twitter.com/oembed` |
///
/// `facebook_resolve_base` is an origin (`http://127.0.0.1:8080`) that replaces the scheme, host and
/// port of a share link for the request; path and query are kept. `{id}` in a summary endpoint is
/// replaced by the status id.
///
/// Thread rule: a value type.
struct ResolutionSettings: Sendable, Equatable {
    var facebookBase: URL?
    var rumbleOEmbed: String
    var twitterSummaries: [String]
    var twitterOEmbed: String

    static let defaultTwitterSummaries = [
        "https://api.vxtwitter.com/Twitter/status/{id}", "https://api.fxtwitter.com/status/{id}",
    ]

    init(
        facebookBase: URL? = nil, rumbleOEmbed: String = "https://rumble.com/api/Media/oembed.json",
        twitterSummaries: [String] = defaultTwitterSummaries, twitterOEmbed: String = "https://publish.twitter.com/oembed"
    ) {
        self.facebookBase = facebookBase
        self.rumbleOEmbed = rumbleOEmbed
        self.twitterSummaries = twitterSummaries
        self.twitterOEmbed = twitterOEmbed
    }

    /// Reads the settings through `value` (the plugin's `config_get`); `oEmbedEndpoints` are the
    /// `oembed_endpoints` table's, used when the dedicated keys are absent. Unusable values are
    /// reported through `warn` and replaced by the default.
    init(value: (String) -> String?, oEmbedEndpoints: [MediaProvider: String], warn: (String) -> Void) {
        self.init()
        if let text = value("facebook_resolve_base") {
            if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host?.isEmpty == false
            {
                facebookBase = url
            } else {
                warn("facebook_resolve_base = \(text) is not an http(s) origin such as http://127.0.0.1:8080; ignoring it")
            }
        }
        rumbleOEmbed = Self.endpoint(value("rumble_oembed_endpoint") ?? oEmbedEndpoints[.rumble], key: "rumble_oembed_endpoint", warn: warn)
            ?? rumbleOEmbed
        twitterOEmbed = Self.endpoint(value("twitter_oembed_endpoint") ?? oEmbedEndpoints[.twitter], key: "twitter_oembed_endpoint", warn: warn)
            ?? twitterOEmbed
        if let json = value("twitter_summary_endpoints") {
            let list = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String]
            if let list, list.allSatisfy({ Self.endpoint($0, key: "", warn: { _ in }) != nil }) {
                twitterSummaries = list
            } else {
                warn("twitter_summary_endpoints must be an array of http(s) URLs with {id}, such as [\"https://api.vxtwitter.com/Twitter/status/{id}\"]; ignoring it")
            }
        }
    }

    /// `text` when it is an http(s) URL, else nil (with a warning naming `key`).
    private static func endpoint(_ text: String?, key: String, warn: (String) -> Void) -> String? {
        guard let text else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            warn("\(key) = \(text) is not an http(s) URL; using the default")
            return nil
        }
        return text
    }

    /// The URL to request for a Facebook share link: the link itself, or its path and query on
    /// `facebookBase`.
    func facebookRequestURL(for shareURL: URL) -> URL? {
        guard let facebookBase else { return shareURL }
        guard var components = URLComponents(url: shareURL, resolvingAgainstBaseURL: false),
            let base = URLComponents(url: facebookBase, resolvingAgainstBaseURL: false)
        else { return nil }
        components.scheme = base.scheme
        components.host = base.host
        components.port = base.port
        components.user = nil
        components.password = nil
        return components.url
    }
}
