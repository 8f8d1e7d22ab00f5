import Foundation

/// The pure rules of Facebook share-link canonicalisation: which links are share links,
/// which candidate URLs (a redirect target, a page's `og:url`) name a reel or a video and what their
/// canonical form is, and the fallback derived from the share link's own path.
///
/// Better than the iPhone app: candidates count only on a Facebook host (the app turned any host's
/// `/reel/<id>` into a Facebook reel), `/login.php?next=` is followed like `/login?next=`, and ids
/// must be made of letters, digits, `-`, `_` and `.` (so a candidate cannot inject a path or query
/// into the canonical URL).
///
/// Thread rule: pure.
enum FacebookShareRules {
    /// True for a Facebook link whose first path segment is `share` (any case).
    static func isShareLink(_ url: URL) -> Bool {
        isFacebook(url) && segments(of: url).first?.lowercased() == "share"
    }

    /// The canonical URL a candidate names, or nil when it names no reel or video:
    /// - Facebook `/login…?next=<url>` → the rule applied to `next` (at most `depth` times);
    /// - `…/reel/<id>` → `https://www.facebook.com/reel/<id>/`, the id lowercased;
    /// - `/watch?v=<v>` → `https://www.facebook.com/watch/?v=<v>`;
    /// - `…/videos/<id>` → `https://www.facebook.com/watch/?v=<id>`.
    static func canonical(from candidate: URL, depth: Int = 4) -> String? {
        guard isFacebook(candidate) else { return nil }
        let parts = segments(of: candidate).map { $0.lowercased() }
        if let first = parts.first, first.hasPrefix("login") {
            guard depth > 0, let next = queryValue("next", in: candidate), let nextURL = parseNext(next) else { return nil }
            return canonical(from: nextURL, depth: depth - 1)
        }
        if let index = parts.firstIndex(of: "reel"), index + 1 < parts.count {
            let id = parts[index + 1]
            return isToken(id) ? "https://www.facebook.com/reel/\(id)/" : nil
        }
        if parts.first == "watch", let video = queryValue("v", in: candidate)?.trimmingCharacters(in: .whitespacesAndNewlines),
            isToken(video)
        {
            return "https://www.facebook.com/watch/?v=\(video)"
        }
        if let index = parts.firstIndex(of: "videos"), index + 1 < parts.count {
            let id = parts[index + 1]
            return isToken(id) ? "https://www.facebook.com/watch/?v=\(id)" : nil
        }
        return nil
    }

    /// The canonical URL derived from a share link's path: `share/r/<t>` and `share/reel/<t>` → the
    /// reel URL; `share/v/<t>` → the watch URL when `<t>` is all digits, else the reel URL (the token
    /// keeps its case). Nil for anything else (`share/p/…`).
    static func pathFallback(_ shareURL: URL) -> String? {
        let parts = segments(of: shareURL)
        guard parts.count >= 3, parts[0].lowercased() == "share" else { return nil }
        let token = parts[2].trimmingCharacters(in: .whitespacesAndNewlines)
        guard isToken(token) else { return nil }
        switch parts[1].lowercased() {
        case "r", "reel":
            return "https://www.facebook.com/reel/\(token)/"
        case "v":
            return token.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? "https://www.facebook.com/watch/?v=\(token)" : "https://www.facebook.com/reel/\(token)/"
        default:
            return nil
        }
    }

    /// An `og:url` or `rel=canonical` value as a URL: `&amp;` and `\/` unescaped, made absolute
    /// against `base` (the share link, not the server that answered).
    static func candidate(_ raw: String, base: URL) -> URL? {
        let unescaped = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "\\/", with: "/")
        return PageMetadata.resolve(unescaped, against: base)
    }

    // MARK: Helpers

    private static func isFacebook(_ url: URL) -> Bool {
        MediaClassifier.classify(url.absoluteString, providers: .named)?.provider == .facebook
    }

    /// The non-empty path segments, percent-decoded.
    private static func segments(of url: URL) -> [String] {
        url.path.split(separator: "/").map(String.init)
    }

    private static func queryValue(_ name: String, in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name.lowercased() == name }?.value
    }

    private static func parseNext(_ next: String) -> URL? {
        if let url = URL(string: next), url.host != nil { return url }
        return next.removingPercentEncoding.flatMap { URL(string: $0) }
    }

    /// Non-empty, only ASCII letters, digits, `-`, `_` and `.`.
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
