import Synchronization

/// An async counting semaphore: at most `limit` holders at once, waiters resumed in FIFO order. A
/// cancelled waiter stops waiting and gets `FetchError.cancelled`.
///
/// Thread rule: thread-safe.
final class ConcurrencyLimiter: Sendable {
    private struct State {
        var available: Int
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    init(limit: Int) {
        state = Mutex(State(available: max(1, limit)))
    }

    func acquire() async throws(FetchError) {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    if Task.isCancelled {
                        continuation.resume(throwing: FetchError.cancelled)
                        return
                    }
                    let resumeNow = state.withLock { state -> Bool in
                        if state.available > 0 {
                            state.available -= 1
                            return true
                        }
                        state.waiters.append((id, continuation))
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                waiter?.resume(throwing: FetchError.cancelled)
            }
        } catch {
            throw .cancelled
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}
