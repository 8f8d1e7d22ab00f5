import LinkstrPluginKit

/// A failure of the host to provide a capability.
public enum HostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No single provider could be chosen.
    case selection(ProviderSelectionError)
    /// The chosen plugin failed (create, or a vtable the host cannot use).
    case plugin(PluginError)

    public var description: String {
        switch self {
        case .selection(let error): error.description
        case .plugin(let error): error.description
        }
    }
}
