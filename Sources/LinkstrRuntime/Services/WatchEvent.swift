import LinkstrEngine

/// What a running ``WatchService`` publishes, in this order: the notice about notifications (at most
/// once), the changes of the catch-up, `caughtUp`, then the live changes.
public enum WatchEvent: Equatable, Sendable {
    /// Notifications are off; the text says how to turn them on (for the person, once).
    case notice(String)
    /// The catch-up is over: what follows arrived live.
    case caughtUp
    /// One accepted change, published once its data is stored.
    case change(EngineChange)
}
