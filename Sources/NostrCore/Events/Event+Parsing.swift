extension Event {
    /// Parses a signed event (all 7 NIP-01 fields required) from UTF-8 JSON, strictly: see
    /// the rules on `EventJSONParser`. Does not verify the id or signature; call
    /// ``verify()``. Thread-safe.
    public init(json: some Collection<UInt8>) throws(EventParseError) {
        self = try EventJSONParser.parse(json, mode: .signed).get()
    }

    /// Parses a signed event from a JSON string. See ``init(json:)-(Collection<UInt8>)``.
    public init(json: String) throws(EventParseError) {
        self = try EventJSONParser.parse(json.utf8, mode: .signed).get()
    }

    /// Parses a rumor (the unsigned inner event of a NIP-59 gift wrap). `sig` may be absent,
    /// and so may `id`, in which case it is computed from the fields; a present `id` is kept
    /// as received, so compare it with ``computedID()`` before trusting it.
    public init(rumorJSON json: some Collection<UInt8>) throws(EventParseError) {
        self = try EventJSONParser.parse(json, mode: .rumor).get()
    }

    /// Parses a rumor from a JSON string. See ``init(rumorJSON:)-(Collection<UInt8>)``.
    public init(rumorJSON json: String) throws(EventParseError) {
        self = try EventJSONParser.parse(json.utf8, mode: .rumor).get()
    }
}
