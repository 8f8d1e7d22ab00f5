import NostrCore

/// An open subscription of one transport instance of a ``FakeRelay``, as a test inspects it.
public struct FakeRelaySubscription: Sendable, Equatable {
    /// The subscription id the host chose (e.g. "linkstr-giftwrap-recipient").
    public var id: String
    public var filters: [Filter]
    /// The addresses it is served on: the instance's connected, readable relays.
    public var relays: [String]

    public init(id: String, filters: [Filter], relays: [String]) {
        self.id = id
        self.filters = filters
        self.relays = relays
    }
}
