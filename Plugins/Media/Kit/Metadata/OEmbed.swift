import Foundation

/// oEmbed, for the providers that answer without a token: YouTube, TikTok,
/// X (publish.twitter.com; no thumbnail, the title is made from the post's text) and Rumble.
/// Endpoints can be replaced per provider with the plugin setting `oembed_endpoints`, a table such as
/// `{ youtube = "https://yt.example/oembed" }`.
///
/// Thread rule: pure.
enum OEmbed {
    static let defaultEndpoints: [MediaProvider: String] = [
        .youtube: "https://www.youtube.com/oembed",
        .tiktok: "https://www.tiktok.com/oembed",
        .twitter: "https://publish.twitter.com/oembed",
        .rumble: "https://rumble.com/api/Media/oembed.json",
    ]

    /// The oEmbed request for a classified link, or nil when its provider has no token-free oEmbed or
    /// the link is not a video.
    static func requestURL(for link: MediaLinkClassification, endpoints: [MediaProvider: String]) -> URL? {
        guard let endpoint = endpoints[link.provider] ?? defaultEndpoints[link.provider] else { return nil }
        var target = link.canonicalURL
        switch (link.provider, link.mode) {
        case (.youtube, .embed), (.rumble, .embed): break
        case (.tiktok, .extraction) where link.canonicalURL.contains("/video/"): break
        case (.twitter, .extraction):
            // The registry lists twitter.com schemes; the iPhone tests use x.com canonical links.
            target = target.replacingOccurrences(of: "https://x.com/", with: "https://twitter.com/")
        default: return nil
        }
        var query = "url=" + encodeQueryValue(target)
        switch link.provider {
        case .youtube: query += "&format=json"
        case .twitter: query += "&omit_script=true&dnt=true"
        default: break
        }
        return URL(string: endpoint + (endpoint.contains("?") ? "&" : "?") + query)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func encodeQueryValue(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// Title and thumbnail from an oEmbed JSON answer; nil when it is not an oEmbed object.
    static func parse(_ body: [UInt8], base: URL) -> (title: String?, thumbnail: URL?)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        var title = (object["title"] as? String).map(HeadScanner.collapsingWhitespace)
        if title?.isEmpty ?? true, let html = object["html"] as? String, let text = postText(html) {
            let author = (object["author_name"] as? String).map { $0 + ": " } ?? ""
            title = author + text
        }
        let thumbnail = (object["thumbnail_url"] as? String).flatMap { PageMetadata.resolve($0, against: base) }
        return (title?.isEmpty == false ? title : nil, thumbnail)
    }

    /// The text of the first `<p>` of an embed's HTML (X posts), tags stripped, entities decoded.
    static func postText(_ html: String) -> String? {
        guard let start = html.range(of: "<p"), let open = html[start.upperBound...].firstIndex(of: ">"),
            let end = html[open...].range(of: "</p>")
        else { return nil }
        var text = ""
        var inTag = false
        for character in html[html.index(after: open)..<end.lowerBound] {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        let decoded = HeadScanner.collapsingWhitespace(HTMLEntities.decode(text))
        return decoded.isEmpty ? nil : decoded
    }
}
