import Foundation

/// The domain a link counts for in tag suggestions: its exact host, lowercase, with one leading
/// `www.` removed. `www.github.com` is `github.com`; `gist.github.com` and `notgithub.com` are not.
public enum LinkDomain {
    public static func of(_ url: String) -> String? {
        guard let host = URLComponents(string: url)?.host?.lowercased(), !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
