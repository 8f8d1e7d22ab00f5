/// How one relay address of a ``FakeRelay`` behaves, for failure tests. Set with
/// ``FakeRelay/setBehaviour(_:for:)``; an address not set is ``online``.
public enum FakeRelayBehaviour: Sendable, Equatable {
    /// Connects at once, serves subscriptions and accepts valid events.
    case online
    /// Never connects: reported as failed with `reason`; nothing is sent there.
    case down(reason: String)
    /// Connects read-only: serves subscriptions, refuses every event with `message` (e.g.
    /// "restricted: members only"), which is also its status error.
    case readOnly(message: String)
    /// Connects and serves subscriptions, but answers every event `OK false` with `message` (e.g.
    /// "blocked: not on the allow list").
    case refusing(message: String)
}
