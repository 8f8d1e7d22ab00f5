/// What one relay sent that the pool did not pass on, for `describe` and the log.
struct RelayCounters: Sendable {
    /// Frames that were not JSON or not a NIP-01 relay message (including binary messages).
    var malformed = 0
    /// Messages larger than `max_message_bytes`, dropped unread.
    var oversized = 0
    /// Events for subscriptions that are no longer open (relays may send a few after CLOSE).
    var stale = 0
    /// Events passed to the host.
    var delivered = 0

    /// Whether the n-th problem of a kind is worth a log line: the first ten, then every thousandth.
    static func shouldLog(_ count: Int) -> Bool {
        count <= 10 || count % 1000 == 0
    }
}
