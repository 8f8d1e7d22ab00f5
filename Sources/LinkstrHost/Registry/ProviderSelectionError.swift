/// No single provider could be chosen for a capability.
public struct ProviderSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var capabilityID: String
    public var reason: String

    public init(capabilityID: String, reason: String) {
        self.capabilityID = capabilityID
        self.reason = reason
    }

    public var description: String { "\(capabilityID): \(reason)" }
}
