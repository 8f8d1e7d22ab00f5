import Synchronization

/// Tells the person through the notifiers that new items wait while `watch`'s profile is locked
/// ("linkstr is locked: 3 new items wait; run linkstr unlock"): at the first one, then at most once
/// every `interval`, with the count then.
final class LockedNotice: Sendable {
    private let dispatcher: NotificationDispatcher
    private let interval: Duration
    private let lastSent = Mutex<ContinuousClock.Instant?>(nil)

    init(dispatcher: NotificationDispatcher, interval: Duration = .seconds(30 * 60)) {
        self.dispatcher = dispatcher
        self.interval = interval
    }

    /// `count` items wait now.
    func received(_ count: Int) {
        let due = lastSent.withLock { lastSent -> Bool in
            let now = ContinuousClock.now
            if let previous = lastSent, now - previous < interval { return false }
            lastSent = now
            return true
        }
        guard due else { return }
        Task { [dispatcher] in _ = await dispatcher.deliver(.locked(waiting: count)) }
    }
}
