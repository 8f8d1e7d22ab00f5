/// A remote signer's answer to one ``RemoteSignerRequest`` (same `id`). `result` is `"auth_url"`
/// with the URL in `error` when the user must first approve the request elsewhere.
struct RemoteSignerResponse: Codable, Sendable, Equatable {
    var id: String
    var result: String?
    var error: String?

    static let authChallenge = "auth_url"

    /// The URL to open before the signer answers again, when this is an auth challenge.
    var authURL: String? {
        guard result == Self.authChallenge, let error, !error.isEmpty else { return nil }
        return error
    }
}
