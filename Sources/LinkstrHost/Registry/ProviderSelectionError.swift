/// No single provider could be chosen for a capability.
public struct ProviderSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var capabilityID: String
    public var reason: String

    public var description: String { "\(capabilityID): \(reason)" }
}
