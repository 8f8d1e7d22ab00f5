/// The id of a rumor (the unsigned inner event of a gift wrap): the identity of a linkstr
/// post, referenced by reactions and deletes. A distinct type so it cannot be mixed up with
/// a ``WrapID`` or a ``PublicKey``.
///
/// A value type; safe to share between threads. Codable as its hex string.
public struct RumorID: Hashable, Sendable {
    public let eventID: EventID

    public init(_ eventID: EventID) { self.eventID = eventID }

    /// Parses 64 lowercase hex characters.
    public init(hex: String) throws(KeyError) { eventID = try EventID(hex: hex) }

    /// 64 lowercase hex characters.
    public var hex: String { eventID.hex }
}

extension RumorID: CustomStringConvertible {
    public var description: String { hex }
}

extension RumorID: Codable {
    public init(from decoder: any Decoder) throws { eventID = try EventID(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try eventID.encode(to: encoder) }
}
