import LinkstrHost

/// What ``Outbox/publishPaced(_:on:patience:in:)`` got through.
struct PacedPublish {
    var published = 0
    /// Refused as too many too fast until the patience ran out: not published yet.
    var pending = 0
    /// The relays' last `rate-limited:` answer.
    var rateLimit: String?
    /// Refused for another reason (not tried again).
    var failures: [PublishError] = []
}
