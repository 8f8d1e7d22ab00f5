import Synchronization

/// How many messages of one subscription wait for their reader, and whether the transport is asked
/// to hold back (`LKH_E_BUSY`): from the moment the queue reaches ``highWater`` until it is down to
/// ``lowWater``, so that a relay pauses long enough for the reader to catch up but the reader never
/// runs dry.
///
/// Thread rule: thread-safe.
final class ReceiveQueue: Sendable {
    static let highWater = 2_000
    static let lowWater = 1_000

    private struct State {
        var depth = 0
        var holding = false
    }

    private let state = Mutex(State())

    var depth: Int { state.withLock { $0.depth } }

    /// Whether one more message may be queued now; when not, the transport offers it again later.
    func admits() -> Bool {
        state.withLock { state in
            if state.holding, state.depth <= Self.lowWater { state.holding = false }
            if !state.holding, state.depth >= Self.highWater { state.holding = true }
            return !state.holding
        }
    }

    func queued() {
        state.withLock { $0.depth += 1 }
    }

    func taken() {
        state.withLock { $0.depth -= 1 }
    }
}
