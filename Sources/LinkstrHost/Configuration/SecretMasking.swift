import Foundation

/// Hides secrets in configuration values shown to people (`linkstr config`): by the setting's name
/// (password, secret, token, key, auth), and by the value — a password inside a URL
/// (`postgresql://user:pw@host`), a `password=` of a libpq connection string, secret-looking query
/// parameters, and the path of a push or webhook URL (an ntfy topic is the secret itself).
public enum SecretMasking {
    public static let mask = "********"
    static let secretWords = ["password", "secret", "token", "key", "auth"]
    /// Settings whose http(s) URL is a push or webhook endpoint: its path grants access.
    static let endpointSettings: Set<String> = ["url", "webhook"]

    public static func masked(_ value: String, setting: String) -> String {
        if isSecretName(setting) { return mask }
        var value = value
        if let range = value.range(of: #"(?i)\bpassword\s*=\s*('[^']*'|\S+)"#, options: .regularExpression) {
            value.replaceSubrange(range, with: "password=" + mask)
        }
        guard var components = URLComponents(string: value), let scheme = components.scheme?.lowercased(), components.host != nil else {
            return value
        }
        if components.password != nil { components.password = mask }
        if let items = components.queryItems {
            components.queryItems = items.map { item in
                isSecretName(item.name) && item.value != nil ? URLQueryItem(name: item.name, value: mask) : item
            }
        }
        if endpointSettings.contains(setting.lowercased()), scheme == "http" || scheme == "https", components.path.count > 1 {
            components.path = "/" + mask
            components.query = nil
        }
        return components.string?.replacingOccurrences(of: "%2A", with: "*") ?? value
    }

    static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretWords.contains { lowered.contains($0) }
    }
}
