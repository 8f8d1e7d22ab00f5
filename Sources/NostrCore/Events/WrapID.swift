/// The id of a gift-wrap event (kind 1059/21059): what relays see, what deduplication of
/// transport events and NIP-09 deletions use. A distinct type so it cannot be mixed up with
/// a ``RumorID`` or a ``PublicKey``.
///
/// A value type; safe to share between threads. Codable as its hex string.
public struct WrapID: Hashable, Sendable {
    public let eventID: EventID

    public init(_ eventID: EventID) { self.eventID = eventID }

    /// Parses 64 lowercase hex characters.
    public init(hex: String) throws(KeyError) { eventID = try EventID(hex: hex) }

    /// 64 lowercase hex characters.
    public var hex: String { eventID.hex }
}

extension WrapID: CustomStringConvertible {
    public var description: String { hex }
}

extension WrapID: Codable {
    public init(from decoder: any Decoder) throws { eventID = try EventID(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try eventID.encode(to: encoder) }
}
