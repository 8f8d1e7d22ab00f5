extension EventID {
    /// The `note1…` string.
    public var note: String { Bech32.encode(hrp: "note", data: rawBytes) }

    /// Parses a `note1…` string.
    public init(note: String) throws(NIP19Error) {
        guard case let .note(id) = try NIP19.decode(note) else { throw .unknownPrefix(NIP19.prefix(of: note)) }
        self = id
    }
}
