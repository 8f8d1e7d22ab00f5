extension Event {
    /// Parses a signed event from UTF-8 JSON, strictly:
    /// - the 7 fields `id, pubkey, created_at, kind, tags, content, sig` are all required, in
    ///   any order, each at most once; other keys are skipped (after checking their JSON);
    /// - `id`, `pubkey`, `sig` must be lowercase hex of exactly 64/64/128 characters, and
    ///   `pubkey` an x coordinate on secp256k1;
    /// - `created_at` must be an integer ≥ 0 (a string, a fraction or an exponent is refused),
    ///   `kind` an integer in 0…65535, `tags` an array of arrays of strings, `content` a string;
    /// - strings must be valid UTF-8 with escaped control characters and paired surrogates;
    /// - nothing but whitespace may follow the object.
    ///
    /// Errors name the field and the byte offset (``EventParseError``). Parsing does not
    /// verify the id or signature; call ``verify()``. Thread-safe.
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

    /// Parses the rumor of a seal by `author` (validated already): the same key is taken without
    /// parsing its point again; any other key is validated as usual (and the caller rejects it).
    init(rumorJSON json: String, author: PublicKey) throws(EventParseError) {
        self = try EventJSONParser.parse(json.utf8, mode: .rumor, knownKey: author).get()
    }
}
