import LinkstrHost

/// What one request asks of the account: a site (its origin), a method and, for `signEvent`, the
/// event kind. Decisions are remembered per permission.
public struct BrowserPermission: Hashable, Sendable, Codable {
    public var origin: String
    public var method: BrowserMethod
    public var kind: Int?

    public init(origin: String, method: BrowserMethod, kind: Int? = nil) {
        self.origin = origin
        self.method = method
        self.kind = kind
    }

    /// How a person reads it: "https://example.org wants to sign kind 1 events".
    public var question: String {
        switch method {
        case .getPublicKey: "\(origin) wants to know your public key"
        case .signEvent: "\(origin) wants to sign kind \(kind.map { String($0) } ?? "?") events as you"
        case .nip44Encrypt: "\(origin) wants to encrypt messages as you (NIP-44)"
        case .nip44Decrypt: "\(origin) wants to decrypt messages sent to you (NIP-44)"
        case .getRelays: "\(origin) wants to read your relay list"
        }
    }

    /// The `[browser]` rule that would allow or deny exactly this.
    public var rule: String {
        origin + ":" + method.rawValue + (kind.map { ":\($0)" } ?? "")
    }
}
