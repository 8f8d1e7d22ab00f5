/// One parser that reads untrusted input, driven with arbitrary bytes: by `linkstr-fuzz <target>`
/// under libFuzzer (`scripts/fuzz.sh`) and by the regression tests, which replay every input under
/// `Fuzz/regressions/<target>/`. An input may make the parser throw; it must never make it crash,
/// hang or break one of the round-trip rules each entry checks with `precondition`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A signed event and a rumor, as JSON.
    case eventJSON = "event-json"
    /// One relay frame (`EVENT`, `OK`, `EOSE`, `CLOSED`, `NOTICE`, `AUTH`).
    case relayMessage = "relay-message"
    /// A NIP-44 v2 payload to decrypt, and the same bytes as plaintext to encrypt and decrypt back.
    case nip44 = "nip44"
    /// Opening a gift wrap: the input is the wrap, the seal inside a valid wrap, or the rumor inside
    /// a valid seal (the first byte chooses).
    case nip59Unwrap = "nip59-unwrap"
    /// The linkstr rumor content.
    case payload = "payload"
    /// The web-URL rule of posts and the media classifier.
    case url = "url"
    /// The `<head>` scanner of the link-metadata fetcher.
    case htmlMetadata = "html-metadata"
    /// Bech32 and NIP-19 entities.
    case nip19 = "nip19"
    /// The configuration file (TOML).
    case configuration = "configuration"

    /// libFuzzer options the driver puts before the command line's own. TOMLKit leaks a little on
    /// every parse (Fuzz/lsan-suppressions.txt), and libFuzzer follows every input that leaves more
    /// mallocs than frees with a whole-heap LeakSanitizer pass (up to a thousand of them): that, not
    /// the parser, held the configuration target to tens of executions a second. LeakSanitizer still
    /// checks the whole run when the process ends.
    public var fuzzerOptions: [String] {
        self == .configuration ? ["-detect_leaks=0"] : []
    }

    /// Feeds `input` to this target's parser.
    public func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .eventJSON: Self.parseEvent(input)
        case .relayMessage: Self.parseRelayMessage(input)
        case .nip44: Self.openNIP44(input)
        case .nip59Unwrap: Self.unwrapGift(input)
        case .payload: Self.decodePayload(input)
        case .url: Self.normalizeURL(input)
        case .htmlMetadata: Self.scanHTML(input)
        case .nip19: Self.decodeNIP19(input)
        case .configuration: Self.parseConfiguration(input)
        }
    }
}
