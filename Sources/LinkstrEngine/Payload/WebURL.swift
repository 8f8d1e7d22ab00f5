import Foundation

/// The web-URL rule of posts and deep links (spec §6): trim, parse as RFC 3986 (invalid characters
/// percent-encoded, hosts IDNA-encoded, as the iPhone app's Foundation does), scheme http or https
/// (any case), a non-empty host; the result is the re-serialized URL. Ingest adds no `https://`;
/// the composer does (`normalizeForSending`).
public enum WebURL {
    /// What a person typed, as a post URL: like the iPhone app's composer, which pre-fills
    /// `https://`, a link without a scheme (`example.com/x`, `www.example.com:8080`) gets one; then
    /// `normalize`. Text with another scheme (`mailto:`, `javascript:`) is left to be rejected.
    public static func normalizeForSending(_ text: String) throws(PayloadError) -> String {
        let trimmed = text.trimmingWhitespace
        let beforeColon = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let hasScheme = trimmed.contains("://") || (trimmed.contains(":") && !beforeColon.contains("."))
        return try normalize(hasScheme || trimmed.isEmpty ? trimmed : "https://" + trimmed)
    }

    /// The normalized URL, or an error saying why `text` is not a web URL.
    public static func normalize(_ text: String) throws(PayloadError) -> String {
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
        guard normalized.utf8.count <= PayloadLimits.urlBytes else {
            throw PayloadError("the URL is longer than \(PayloadLimits.urlBytes) bytes")
        }
        return normalized
    }
}
