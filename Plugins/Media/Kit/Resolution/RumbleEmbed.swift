import Foundation

/// Reads Rumble's oEmbed answer: the `src` of the first `<iframe>` in its `html`
/// field, accepted only on a Rumble host (`rumble.com`, `rumble.video` and their subdomains) over
/// http(s).
///
/// Thread rule: pure.
enum RumbleEmbed {
    /// The iframe URL, or nil when the body is no oEmbed JSON, has no iframe, or the iframe is not
    /// Rumble's.
    static func iframeURL(fromOEmbed body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let html = object["html"] as? String
        else { return nil }
        var scanner = HeadScanner(html)
        while let tag = scanner.nextTag() {
            guard tag.name == "iframe" else { continue }
            guard let source = tag.attribute("src") else { return nil }
            let unescaped = source.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "\\/", with: "/")
            guard let url = URL(string: unescaped), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
                MediaClassifier.classify(unescaped, providers: .named)?.provider == .rumble
            else { return nil }
            return unescaped
        }
        return nil
    }
}
