/// A NIP-19 `nprofile`: a public key plus relay hints.
///
/// Keeps the TLV list it was decoded from (or built from), so re-encoding a decoded value
/// reproduces the original string exactly. Immutable; safe to share between threads.
public struct NProfile: Hashable, Sendable {
    public let pubkey: PublicKey
    /// Relay URLs exactly as written (not normalised).
    public let relays: [String]
    /// The TLV items in order, including unknown types.
    public let tlvs: [NIP19TLV]

    /// Builds a profile; TLV order: pubkey, then relays.
    public init(pubkey: PublicKey, relays: [String] = []) {
        self.pubkey = pubkey
        self.relays = relays
        tlvs = [NIP19TLV(type: NIP19TLV.special, value: pubkey.rawBytes)]
            + relays.map { NIP19TLV(type: NIP19TLV.relay, value: Array($0.utf8)) }
    }

    /// Interprets decoded TLV items: the first TLV 0 must be a valid 32-byte public key.
    public init(tlvs: [NIP19TLV]) throws(NIP19Error) {
        guard let special = tlvs.first(where: { $0.type == NIP19TLV.special }) else {
            throw .missingTLV(prefix: "nprofile", type: 0, reason: "(public key) is missing")
        }
        guard special.value.count == 32 else {
            throw .missingTLV(prefix: "nprofile", type: 0, reason: "(public key) must be 32 bytes, found \(special.value.count)")
        }
        do throws(KeyError) {
            pubkey = try PublicKey(bytes: special.value)
        } catch {
            throw .invalidKey(prefix: "nprofile", error)
        }
        relays = NIP19.relays(in: tlvs)
        self.tlvs = tlvs
    }

    /// The `nprofile1…` string.
    public var bech32: String { Bech32.encode(hrp: "nprofile", data: NIP19TLV.encodeList(tlvs)) }
}
