import Dispatch
import Synchronization

/// Tells a running delivery that it is no longer wanted (the host's `cancel`, or `destroy`).
///
/// Thread rule: every method is thread-safe. Handlers run once, on the thread that cancels (or on the
/// registering thread when cancellation came first), outside the lock.
public final class DeliveryCancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    private let wakeup = DispatchSemaphore(value: 0)

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `handler` when the delivery is cancelled — at once if it already is.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// Cancels; later calls do nothing.
    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers.removeAll() }
            return state.handlers
        }
        wakeup.signal()
        handlers.forEach { $0() }
    }

    /// Waits `seconds` (a retry's backoff) unless cancelled first. Returns false when cancelled.
    /// Meant for the one thread that runs the delivery.
    public func sleep(seconds: Double) -> Bool {
        guard !isCancelled else { return false }
        _ = wakeup.wait(timeout: .now() + seconds)
        return !isCancelled
    }
}
