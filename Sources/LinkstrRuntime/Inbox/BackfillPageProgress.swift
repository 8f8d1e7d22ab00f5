import Synchronization

/// The state of one backfill page, shared by its reader and its watcher.
final class BackfillPageProgress: Sendable {
    struct Result {
        var counts: [String: Int] = [:]
        var oldest: [String: Int64] = [:]
        var finished = Set<String>()
        var events = 0
        var duplicates = 0
        var rejected = 0
        var done = false
    }

    private let waitFor: Set<String>
    private let state = Mutex(Result())

    init(waitFor: Set<String>) {
        self.waitFor = waitFor
    }

    var result: Result { state.withLock { $0 } }
    var isDone: Bool { state.withLock { $0.done } }

    /// Records one message; true when every awaited relay has finished. What a relay sends after
    /// its EOSE (or CLOSED) is not counted: a new event's created_at is randomised up to two days
    /// back (NIP-59), and must not move that relay's "oldest" and make the next page skip a range.
    func record(_ message: SubscriptionMessage) -> Bool {
        state.withLock { state in
            guard !state.done else { return true }
            if state.finished.contains(message.relay) { return false }
            switch message {
            case .event(let received):
                state.events += 1
                Self.count(&state, relay: received.relay, createdAt: received.event.createdAt)
            case .duplicate(let relay, _, let createdAt):
                state.duplicates += 1
                Self.count(&state, relay: relay, createdAt: createdAt)
            case .rejected(let relay, _):
                state.rejected += 1
                state.counts[relay, default: 0] += 1
            case .endOfStoredEvents(let relay), .closed(let relay, _):
                state.finished.insert(relay)
            }
            if waitFor.isSubset(of: state.finished) { state.done = true }
            return state.done
        }
    }

    /// True (and done) when every awaited relay either finished or is no longer connected.
    func relaysLeft(connected: Set<String>) -> Bool {
        state.withLock { state in
            if waitFor.allSatisfy({ state.finished.contains($0) || !connected.contains($0) }) { state.done = true }
            return state.done
        }
    }

    private static func count(_ state: inout Result, relay: String, createdAt: Int64) {
        state.counts[relay, default: 0] += 1
        state.oldest[relay] = min(state.oldest[relay] ?? createdAt, createdAt)
    }
}
