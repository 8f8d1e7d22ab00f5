/// What a sync did (`linkstr sync --json`: `{"received","accepted","staged","rejected"}`).
public struct SyncReport: Sendable, Equatable {
    /// Gift wraps the relays delivered (each once).
    public var received = 0
    /// Rumors that changed state (including merged deliveries of a known post).
    public var accepted = 0
    /// Rumors that had to wait for a session, a post or a membership snapshot.
    public var staged = 0
    /// Wraps that failed a check (signature, seal, payload, membership, …), and the reasons.
    public var rejected = 0
    public var rejections: [String: Int] = [:]
    /// Relays that took part.
    public var relays: [String] = []
    /// Relays that did not finish sending their history (EOSE) within the page timeout.
    public var unfinishedRelays: [String] = []
    /// The sync was cancelled before the history was complete: what arrived until then is stored,
    /// and the next sync starts where this one did.
    public var interrupted = false

    public init() {}

    mutating func reject(_ reason: String) {
        rejected += 1
        rejections[reason, default: 0] += 1
    }
}
