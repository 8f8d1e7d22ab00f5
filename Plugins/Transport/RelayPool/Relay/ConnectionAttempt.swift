import Synchronization

/// Whether and when one connection attempt got its WebSocket open, or was ended first (it timed
/// out, or the relay was stopped). Shared by the attempt's tasks and the relay. Either end shuts the
/// attempt's event loop down while the WebSocket may be opening; deciding here, atomically, keeps an
/// upgrade that completes at that moment from being served on a loop going away.
final class ConnectionAttempt: Sendable {
    private struct State {
        var openedAt: ContinuousClock.Instant?
        var timedOut = false
        var stopped = false
    }

    private let state = Mutex(State())

    /// Records the open WebSocket; false when the attempt was ended just before (its event loop is
    /// being shut down: the WebSocket must not be served).
    func markOpened() -> Bool {
        state.withLock { state in
            guard !state.timedOut, !state.stopped else { return false }
            state.openedAt = .now
            return true
        }
    }

    /// Marks the attempt timed out if it is not open; true when it did.
    func timeOutUnlessOpened() -> Bool {
        state.withLock { state in
            guard state.openedAt == nil else { return false }
            state.timedOut = true
            return true
        }
    }

    /// Marks the attempt stopped if it is not open; true when it did.
    func stopUnlessOpened() -> Bool {
        state.withLock { state in
            guard state.openedAt == nil else { return false }
            state.stopped = true
            return true
        }
    }

    var isOpened: Bool { state.withLock { $0.openedAt != nil } }
    var timedOut: Bool { state.withLock { $0.timedOut } }

    /// Open for at least five seconds: a relay that accepts and drops at once keeps backing off.
    var stayedUp: Bool {
        state.withLock { $0.openedAt.map { $0.duration(to: .now) >= .seconds(5) } ?? false }
    }
}
