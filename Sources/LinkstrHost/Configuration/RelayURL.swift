import Foundation

/// The stored form of a relay address, as in the iPhone app: trimmed; `ws` or `wss` (any case); a host;
/// scheme and host lowercased, the fragment dropped, a bare `/` path removed.
public enum RelayURL {
    /// The stored form of `text`; nil when it is not a relay address.
    public static func normalize(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "ws" || scheme == "wss", let host = components.host, !host.isEmpty
        else { return nil }
        components.scheme = scheme
        components.host = host.lowercased()
        components.fragment = nil
        if components.path == "/" { components.path = "" }
        return components.string
    }
}
