/// The JSON-RPC-like message a NIP-46 client sends, NIP-44 encrypted in a kind-24133 event.
struct RemoteSignerRequest: Codable, Sendable, Equatable {
    var id: String
    var method: String
    var params: [String]
}
