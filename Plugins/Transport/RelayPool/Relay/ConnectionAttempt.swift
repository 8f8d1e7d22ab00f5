import Synchronization

/// Whether and when one connection attempt got its WebSocket open, or timed out first. Shared by
/// the attempt's tasks.
final class ConnectionAttempt: Sendable {
    private struct State {
        var openedAt: ContinuousClock.Instant?
        var timedOut = false
    }

    private let state = Mutex(State())

    /// Records the open WebSocket (unless the attempt timed out just before).
    func markOpened() {
        state.withLock { if !$0.timedOut { $0.openedAt = .now } }
    }

    /// Marks the attempt timed out if it is not open; true when it did.
    func timeOutUnlessOpened() -> Bool {
        state.withLock { state in
            guard state.openedAt == nil else { return false }
            state.timedOut = true
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
