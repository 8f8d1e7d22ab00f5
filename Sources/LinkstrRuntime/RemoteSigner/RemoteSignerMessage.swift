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

    /// The answer carrying `result`.
    static func result(_ request: RemoteSignerRequest, _ result: String) -> RemoteSignerResponse {
        RemoteSignerResponse(id: request.id, result: result, error: nil)
    }

    /// The answer refusing `request`, saying why.
    static func refusal(_ request: RemoteSignerRequest, _ reason: String) -> RemoteSignerResponse {
        RemoteSignerResponse(id: request.id, result: nil, error: reason)
    }
}

/// The JSON-RPC-like message a NIP-46 client sends, NIP-44 encrypted in a kind-24133 event.
struct RemoteSignerRequest: Codable, Sendable, Equatable {
    var id: String
    var method: String
    var params: [String]
}
