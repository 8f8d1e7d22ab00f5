import Foundation

/// URL validation and normalisation for posts and deep links (spec §6, the iPhone app's rule):
/// trim whitespace and newlines; parse as RFC 3986 components; the scheme (any case) must be `http`
/// or `https` and the host non-empty; the result is the re-serialised URL (invalid characters
/// percent-encoded, international host names in punycode). No `https://` is added.
///
/// Thread rule: pure; callable from any thread.
public enum LinkURL {
    /// The normalised URL, or nil when `input` is not an http(s) URL with a host.
    public static func normalize(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return components.url?.absoluteString
    }

    /// Why `input` is refused, as a sentence for a person; nil when it is acceptable.
    public static func problem(with input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "the URL is empty" }
        if normalize(trimmed) != nil { return nil }
        if let scheme = URLComponents(string: trimmed)?.scheme, !["http", "https"].contains(scheme.lowercased()) {
            return "'\(trimmed)' is a \(scheme): URL; only http and https links can be shared"
        }
        return "'\(trimmed)' is not an http or https URL with a host name (e.g. https://example.com/page)"
    }
}
