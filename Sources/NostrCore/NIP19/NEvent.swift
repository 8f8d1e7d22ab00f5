/// A NIP-19 `nevent`: an event id with optional relay hints, author and kind.
///
/// Keeps the TLV list it was decoded from (or built from), so re-encoding a decoded value
/// reproduces the original string exactly. Immutable; safe to share between threads.
public struct NEvent: Hashable, Sendable {
    public let id: EventID
    /// Relay URLs exactly as written (not normalised).
    public let relays: [String]
    /// The author, if a TLV 2 holds a valid 32-byte public key (other author TLVs are ignored).
    public let author: PublicKey?
    /// The kind, if a 4-byte TLV 3 is present (big-endian).
    public let kind: UInt32?
    /// The TLV items in order, including unknown types.
    public let tlvs: [NIP19TLV]

    /// Builds an nevent; TLV order: id, relays, author, kind.
    public init(id: EventID, relays: [String] = [], author: PublicKey? = nil, kind: UInt32? = nil) {
        self.id = id
        self.relays = relays
        self.author = author
        self.kind = kind
        var items = [NIP19TLV(type: NIP19TLV.special, value: id.rawBytes)]
        items += relays.map { NIP19TLV(type: NIP19TLV.relay, value: Array($0.utf8)) }
        if let author { items.append(NIP19TLV(type: NIP19TLV.author, value: author.rawBytes)) }
        if let kind { items.append(NIP19TLV(type: NIP19TLV.kind, value: NIP19.bigEndian(kind))) }
        tlvs = items
    }

    /// Interprets decoded TLV items: the first TLV 0 must be a 32-byte event id.
    public init(tlvs: [NIP19TLV]) throws(NIP19Error) {
        guard let special = tlvs.first(where: { $0.type == NIP19TLV.special }) else {
            throw .missingTLV(prefix: "nevent", type: 0, reason: "(event id) is missing")
        }
        guard let id = EventID(bytes: special.value) else {
            throw .missingTLV(prefix: "nevent", type: 0, reason: "(event id) must be 32 bytes, found \(special.value.count)")
        }
        self.id = id
        relays = NIP19.relays(in: tlvs)
        author = NIP19.author(in: tlvs)
        kind = NIP19.kind(in: tlvs)
        self.tlvs = tlvs
    }

    /// The `nevent1…` string.
    public var bech32: String { Bech32.encode(hrp: "nevent", data: NIP19TLV.encodeList(tlvs)) }
}
