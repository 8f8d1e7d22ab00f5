/// A profile's secrets as `unlock` hands them to the agent: slot name → nsec.
public struct UnlockedProfileKeys: Codable, Equatable, Sendable {
    public var id: String
    public var keys: [String: String]

    public init(id: String, keys: [String: String]) {
        self.id = id
        self.keys = keys
    }
}
