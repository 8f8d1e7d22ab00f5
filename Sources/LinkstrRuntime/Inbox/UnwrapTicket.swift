import NostrCore
import Synchronization

/// The result of one unwrap submitted to an ``UnwrapPool``: set once by the worker, read by whoever
/// holds the ticket, without blocking (``result``) or by waiting (``wait()``). Thread-safe.
final class UnwrapTicket: Sendable {
    private enum State {
        case running(waiters: [CheckedContinuation<Void, Never>])
        case done(Result<UnwrappedGift, UnwrapError>)
    }

    private let state = Mutex(State.running(waiters: []))

    /// The result, or nil while the unwrap runs.
    var result: Result<UnwrappedGift, UnwrapError>? {
        state.withLock { state in
            guard case .done(let result) = state else { return nil }
            return result
        }
    }

    /// Returns once the result is there.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                guard case .running(let waiters) = state else { return true }
                state = .running(waiters: waiters + [continuation])
                return false
            }
            if finished { continuation.resume() }
        }
    }

    func finish(_ result: Result<UnwrappedGift, UnwrapError>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard case .running(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
