import LinkstrHost

/// What one request asks of one profile: a site (its origin), a method and, for `signEvent`, the
/// event kind. Decisions are remembered per permission, so a site allowed as one profile is asked
/// again before it learns another.
public struct BrowserPermission: Hashable, Sendable, Codable {
    public var origin: String
    public var method: BrowserMethod
    public var kind: Int?
    /// The profile the request would be answered as.
    public var profile: ProfileID
    /// Its name, for the person and for `[browser.profiles.NAME]`.
    public var profileName: String

    public init(origin: String, method: BrowserMethod, kind: Int? = nil, profile: ProfileID, profileName: String) {
        self.origin = origin
        self.method = method
        self.kind = kind
        self.profile = profile
        self.profileName = profileName
    }

    /// How a person reads it: "https://example.org wants to sign kind 1 events as you (profile 'work')".
    public var question: String {
        let wish =
            switch method {
            case .getPublicKey: "\(origin) wants to know your public key"
            case .signEvent: "\(origin) wants to sign kind \(kind.map { String($0) } ?? "?") events as you"
            case .nip44Encrypt: "\(origin) wants to encrypt messages as you (NIP-44)"
            case .nip44Decrypt: "\(origin) wants to decrypt messages sent to you (NIP-44)"
            case .getRelays: "\(origin) wants to read your relay list"
            }
        return wish + " (profile '\(profileName)')"
    }

    /// What allowing it lets the site do, in words (the bunker's words for the same calls).
    public var meaning: String {
        switch method {
        case .getPublicKey: "learn your public key: who you are on Nostr as this profile"
        case .signEvent: BunkerPermission(method: BunkerPermission.signEvent, kind: kind).meaning
        case .nip44Encrypt: BunkerPermission(method: "nip44_encrypt").meaning
        case .nip44Decrypt: BunkerPermission(method: "nip44_decrypt").meaning
        case .getRelays: "read the list of relays you use"
        }
    }

    /// The config.toml table of the profile's own rules: `[browser.profiles.work]` (the name quoted
    /// when it is not a bare TOML key).
    public var profileSection: String {
        let bare = profileName.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" || $0 == "-" }
        let key = bare && !profileName.isEmpty ? profileName : "\"" + profileName.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return "[browser.profiles.\(key)]"
    }

    /// The `[browser]` rule that would allow or deny exactly this.
    public var rule: String {
        origin + ":" + method.rawValue + (kind.map { ":\($0)" } ?? "")
    }
}
