/// A host with a ``FakeRelay`` could not be set up; the description says why and what to do.
public struct FakeRelayHostError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
