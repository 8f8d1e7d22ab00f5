import Dispatch
import Synchronization

/// Admits calls into one notifier instance until it is closed, and tells whether every admitted
/// call has returned, so that the instance is destroyed only when nothing runs inside it.
///
/// Thread rule: thread-safe.
final class NotifierGate: Sendable {
    private let closed = Mutex(false)
    private let inside = DispatchGroup()

    /// Whether the call may go in; a call that may must `leave` once it returned.
    func enter() -> Bool {
        closed.withLock { closed in
            if !closed { inside.enter() }
            return !closed
        }
    }

    func leave() {
        inside.leave()
    }

    /// Admits no more calls; true when the calls inside have all returned within `timeout`.
    func close(waiting timeout: Duration) -> Bool {
        closed.withLock { $0 = true }
        return inside.wait(timeout: .now() + timeout.dispatchInterval) == .success
    }
}
