/// The storage collections of linkstr as a bunker. Client keys are keyed hashes in the index; the
/// keys themselves, names and what was signed are sealed in the values.
enum BunkerCollection {
    /// key: HMAC(client pubkey) · sort: approved_at · value: `BunkerClient.encodedRecord()`.
    static let client = "bunker-client"
    /// key: when it was recorded (µs, big-endian) ‖ random · sort: the same µs · value: `BunkerLogEntry.encodedRecord()`.
    static let log = "bunker-log"
    /// key: HMAC(client pubkey ‖ request id) · sort: the request's created_at · value: empty. The
    /// requests of the last ``Bunker/requestLifetime``, so that a replay is known after a restart too.
    static let request = "bunker-request"
}
