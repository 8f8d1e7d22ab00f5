import NostrCore
import Synchronization

/// Remembers the ids of the last `capacity` verified events (oldest forgotten first), so that an
/// event that several relays send, or a relay sends again after a reconnect, is delivered once.
/// Subscriptions may share one (the live gift-wrap subscription and the backfill do).
///
/// Why there is one besides the store's seen-check. They answer different questions. This one,
/// in memory for one run and before verification: "did any relay deliver this id in this run?" —
/// it spares the second relay's copy a Schnorr verification, makes repeats `.duplicate` messages
/// (which a backfill page counts to steer its paging without verifying them), and covers events the
/// store never marks (follow lists, profiles, remote-signer answers). The store's, after
/// verification and across restarts: "was this wrap ingested (or sent by us) before?" — that is
/// what keeps a wrap from an earlier run, or one that comes back after this set forgot it, from
/// being unwrapped and applied twice.
///
/// Only verified events are recorded: a forged event that claims a real event's id must not
/// shadow the real one.
///
/// Thread rule: thread-safe.
public final class EventDeduplicator: Sendable {
    public let capacity: Int
    private let state: Mutex<State>

    private struct State {
        var seen: Set<EventID> = []
        var order: [EventID] = []
        var head = 0
    }

    /// `capacity` 10 000 matches the iPhone app's dedupe sets.
    public init(capacity: Int = 10_000) {
        precondition(capacity > 0, "an EventDeduplicator needs a positive capacity")
        self.capacity = capacity
        state = Mutex(State())
    }

    /// Whether `id` was recorded (and not forgotten yet).
    public func contains(_ id: EventID) -> Bool {
        state.withLock { $0.seen.contains(id) }
    }

    /// Records `id`; false when it was recorded already.
    @discardableResult
    public func insert(_ id: EventID) -> Bool {
        state.withLock { state in
            guard state.seen.insert(id).inserted else { return false }
            if state.order.count < capacity {
                state.order.append(id)
            } else {
                state.seen.remove(state.order[state.head])
                state.order[state.head] = id
                state.head = (state.head + 1) % capacity
            }
            return true
        }
    }
}
