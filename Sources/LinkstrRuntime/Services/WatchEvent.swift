import LinkstrEngine

/// What a watch reports. A running ``WatchService`` publishes, in this order: the notice about
/// notifications (at most once), the changes of the catch-up, `caughtUp`, then the live changes,
/// each live post or reaction from someone else followed by its `notification` (unless
/// `notify_from` leaves it out). A ``WatchSupervisor`` adds its own notices.
public enum WatchEvent: Equatable, Sendable {
    /// Something for the person to read once: how to turn notifications on, a profile switch, a lock.
    case notice(String)
    /// The catch-up is over: what follows arrived live.
    case caughtUp
    /// One accepted change, published once its data is stored.
    case change(EngineChange)
    /// Something to tell the person about (live, from someone else), as the notifiers get it.
    case notification(NotificationRequest)
}
