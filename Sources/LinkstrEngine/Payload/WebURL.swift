import Foundation

/// The web-URL rule of posts and deep links: trim, parse as RFC 3986 (invalid characters
/// percent-encoded, hosts IDNA-encoded, as the iPhone app's Foundation does), scheme http or https
/// (any case), a non-empty host; the result is the re-serialized URL. Ingest adds no `https://`;
/// the composer does (`normalizeForSending`). No provider canonicalisation is applied: a YouTube,
/// TikTok or Facebook link goes on the wire as it was typed.
public enum WebURL {
    /// What a person typed, as a post URL: like the iPhone app's composer, which pre-fills
    /// `https://`, a link without a scheme gets one — but only when it starts with a plausible host
    /// (`example.com/x`, `www.example.com:8080`, `localhost:3000`, `192.168.0.1/x`, `[::1]:8080`),
    /// so that a word is not sent as `https://word`; then `normalize`. Text with another scheme
    /// (`mailto:`, `javascript:`) is left to `normalize` to reject.
    public static func normalizeForSending(_ text: String) throws(PayloadError) -> String {
        let trimmed = text.trimmingWhitespace
        if startsWithPlausibleHost(trimmed) { return try normalize("https://" + trimmed) }
        if trimmed.isEmpty || hasScheme(trimmed) { return try normalize(trimmed) }
        throw PayloadError("'\(trimmed)' is not a link; enter a valid url, such as https://example.com/video")
    }

    /// True when the text before the first `/`, `?` or `#` is a host — a name with a dot,
    /// `localhost`, an IPv4 address or a bracketed IPv6 address — optionally followed by `:port`.
    private static func startsWithPlausibleHost(_ text: String) -> Bool {
        let authority = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var host = authority[...]
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            host = authority[..<colon]
        }
        if host.hasPrefix("[") {
            return host.hasSuffix("]") && host.count > 2 && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else { return false }
        if host.lowercased() == "localhost" { return true }
        return !host.hasPrefix(".") && host.split(separator: ".").count >= 2
    }

    /// True when `text` starts with an RFC 3986 scheme and a colon (`mailto:`, `javascript:`).
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// The normalized URL, or an error saying why `text` is not a web URL (or is longer than
    /// `maximumBytes`: a received URL has no limit of its own).
    public static func normalize(_ text: String, maximumBytes: Int = PayloadLimits.urlBytes) throws(PayloadError) -> String {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw PayloadError("the URL is empty") }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
            throw PayloadError("'\(trimmed)' is not a URL (expected http:// or https://…)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw PayloadError("'\(trimmed)' is a \(url.scheme ?? scheme): URL; only http and https links can be shared")
        }
        guard let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host, !host.isEmpty else {
            throw PayloadError("'\(trimmed)' has no host")
        }
        let normalized = url.absoluteString
        guard normalized.utf8.count <= maximumBytes else {
            throw PayloadError("the URL is longer than \(maximumBytes) bytes")
        }
        return normalized
    }
}
