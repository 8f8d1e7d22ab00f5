import Foundation

/// What a page's `<head>` says about it: OpenGraph and Twitter-card tags, `<title>` and an oEmbed
/// discovery link. URLs are absolute: resolved against `<base href>`, itself
/// resolved against the page's final URL (after redirects); only http(s) results are kept.
///
/// Thread rule: a value type.
package struct PageMetadata: Equatable, Sendable {
    var title: String?
    var image: URL?
    var oEmbedURL: URL?

    /// Scans `html` up to `</head>` or `<body>`.
    package static func scan(_ html: String, pageURL: URL) -> PageMetadata {
        var scanner = HeadScanner(html)
        var properties: [String: String] = [:]
        var baseHref: String?
        var documentTitle: String?
        var oEmbedHref: String?
        scanning: while let tag = scanner.nextTag() {
            switch tag.name {
            case "/head", "body":
                break scanning
            case "base":
                if baseHref == nil { baseHref = tag.attribute("href") }
            case "title":
                let text = scanner.text(until: "title")
                if documentTitle == nil, !text.isEmpty { documentTitle = text }
            case "meta":
                guard let key = tag.attribute("property") ?? tag.attribute("name") ?? tag.attribute("itemprop"),
                    let content = tag.attribute("content")
                else { continue }
                let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty, properties[key.lowercased()] == nil { properties[key.lowercased()] = trimmed }
            case "link":
                let rel = (tag.attribute("rel") ?? "").lowercased().split(separator: " ")
                guard let href = tag.attribute("href") else { continue }
                if rel.contains("alternate"), tag.attribute("type")?.lowercased() == "application/json+oembed", oEmbedHref == nil {
                    oEmbedHref = href
                }
            default:
                continue
            }
        }
        let base = baseHref.flatMap { resolve($0, against: pageURL) } ?? pageURL
        func url(_ keys: String...) -> URL? {
            for key in keys {
                if let value = properties[key], let resolved = resolve(value, against: base) { return resolved }
            }
            return nil
        }
        let title = properties["og:title"] ?? properties["twitter:title"] ?? documentTitle
        return PageMetadata(
            title: title.map(HeadScanner.collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 },
            image: url("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"),
            oEmbedURL: oEmbedHref.flatMap { resolve($0, against: base) })
    }

    /// `reference` made absolute against `base`; nil unless the result is http(s) with a host.
    static func resolve(_ reference: String, against base: URL) -> URL? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: " ", with: "%20")
        guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
