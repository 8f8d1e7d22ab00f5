import Foundation

/// The stored form of a relay address, as in the iPhone app: trimmed; `ws` or `wss` (any case); a host;
/// scheme and host lowercased, the fragment dropped, a bare `/` path removed.
public enum RelayURL {
    public static func normalize(_ text: String) throws(RelaySettingsError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "ws" || scheme == "wss", let host = components.host, !host.isEmpty
        else {
            throw RelaySettingsError("'\(text)' is not a relay address; enter a valid relay url (ws:// or wss://).", badInput: true)
        }
        components.scheme = scheme
        components.host = host.lowercased()
        components.fragment = nil
        if components.path == "/" { components.path = "" }
        guard let url = components.string else {
            throw RelaySettingsError("'\(text)' is not a relay address; enter a valid relay url (ws:// or wss://).", badInput: true)
        }
        return url
    }
}
