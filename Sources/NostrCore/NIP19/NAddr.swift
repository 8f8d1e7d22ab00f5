/// A NIP-19 `naddr`: the coordinate of an addressable or replaceable event (identifier,
/// author, kind) with optional relay hints.
///
/// Keeps the TLV list it was decoded from (or built from), so re-encoding a decoded value
/// reproduces the original string exactly. Immutable; safe to share between threads.
public struct NAddr: Hashable, Sendable {
    /// The `d` tag value (empty for normal replaceable events).
    public let identifier: String
    public let author: PublicKey
    public let kind: UInt32
    /// Relay URLs exactly as written (not normalised).
    public let relays: [String]
    /// The TLV items in order, including unknown types.
    public let tlvs: [NIP19TLV]

    /// Builds an naddr; TLV order: identifier, relays, author, kind.
    public init(identifier: String, author: PublicKey, kind: UInt32, relays: [String] = []) {
        self.identifier = identifier
        self.author = author
        self.kind = kind
        self.relays = relays
        tlvs = [NIP19TLV(type: NIP19TLV.special, value: Array(identifier.utf8))]
            + relays.map { NIP19TLV(type: NIP19TLV.relay, value: Array($0.utf8)) }
            + [NIP19TLV(type: NIP19TLV.author, value: author.rawBytes), NIP19TLV(type: NIP19TLV.kind, value: NIP19.bigEndian(kind))]
    }

    /// Interprets decoded TLV items: identifier (TLV 0, UTF-8), author (TLV 2) and kind
    /// (TLV 3) are required.
    public init(tlvs: [NIP19TLV]) throws(NIP19Error) {
        guard let special = tlvs.first(where: { $0.type == NIP19TLV.special }) else {
            throw .missingTLV(prefix: "naddr", type: 0, reason: "(identifier) is missing")
        }
        guard let identifier = String(validating: special.value, as: UTF8.self) else {
            throw .missingTLV(prefix: "naddr", type: 0, reason: "(identifier) is not valid UTF-8")
        }
        guard let author = NIP19.author(in: tlvs) else {
            throw .missingTLV(prefix: "naddr", type: 2, reason: "(author) is missing or not a valid 32-byte public key")
        }
        guard let kind = NIP19.kind(in: tlvs) else {
            throw .missingTLV(prefix: "naddr", type: 3, reason: "(kind) is missing or not 4 bytes")
        }
        self.identifier = identifier
        self.author = author
        self.kind = kind
        relays = NIP19.relays(in: tlvs)
        self.tlvs = tlvs
    }

    /// The `naddr1…` string.
    public var bech32: String { Bech32.encode(hrp: "naddr", data: NIP19TLV.encodeList(tlvs)) }
}
