extension PublicKey {
    /// The `npub1…` string.
    public var npub: String { Bech32.encode(hrp: "npub", data: rawBytes) }

    /// Parses an `npub1…` string.
    public init(npub: String) throws(NIP19Error) {
        guard case let .npub(key) = try NIP19.decode(npub) else { throw .unknownPrefix(NIP19.prefix(of: npub)) }
        self = key
    }
}
