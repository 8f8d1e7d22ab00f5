/// Why a relay frame was refused.
public enum RelayMessageParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a well-formed relay message (bad JSON, wrong element types, missing elements).
    case malformed(reason: String, offset: Int)
    /// A message type this client does not know (e.g. `COUNT`); safe to ignore.
    case unknownType(String)
    /// An `EVENT` frame whose event is invalid; the subscription id is known.
    case invalidEvent(subscriptionID: String, EventParseError)

    public var description: String {
        switch self {
        case let .malformed(reason, offset): return "malformed relay message: \(reason) (at byte \(offset))"
        case let .unknownType(type): return "unknown relay message type \"\(type)\""
        case let .invalidEvent(subscriptionID, error): return "invalid event in subscription \"\(subscriptionID)\": \(error)"
        }
    }
}
