import Dispatch
import Synchronization

/// The plugin's running asynchronous operations (metadata fetches, extractions), by the id the ABI
/// hands back, so that `cancel` can find them and `destroy` can cancel all and wait for their `done`.
///
/// Thread rule: thread-safe.
final class OperationTable: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var running: [UInt64: Task<Void, Never>] = [:]
        var closed = false
    }

    private let state = Mutex(State())
    private let drained = DispatchSemaphore(value: 0)

    /// Starts `body` as a task and returns its id, or nil after `cancelAllAndWait()`. `body` must call
    /// the operation's `done` before returning.
    func start(_ body: @escaping @Sendable () async -> Void) -> UInt64? {
        state.withLock { state -> UInt64? in
            guard !state.closed else { return nil }
            state.nextID += 1
            let id = state.nextID
            state.running[id] = Task {
                await body()
                self.finished(id)
            }
            return id
        }
    }

    func cancel(_ id: UInt64) {
        state.withLock { $0.running[id] }?.cancel()
    }

    /// Refuses new operations, cancels the running ones and blocks until each has finished (so their
    /// `done` callbacks ran), at most `timeout`. Returns how many were still running at the deadline.
    @discardableResult
    func cancelAllAndWait(timeout: Duration) -> Int {
        let running = state.withLock { state -> [Task<Void, Never>] in
            state.closed = true
            return Array(state.running.values)
        }
        running.forEach { $0.cancel() }
        guard !running.isEmpty else { return 0 }
        let deadline = DispatchTime.now() + .nanoseconds(Int(timeout.nanoseconds))
        while state.withLock({ !$0.running.isEmpty }) {
            if drained.wait(timeout: deadline) == .timedOut { break }
        }
        return state.withLock { $0.running.count }
    }

    private func finished(_ id: UInt64) {
        let empty = state.withLock { state -> Bool in
            state.running[id] = nil
            return state.running.isEmpty && state.closed
        }
        if empty { drained.signal() }
    }
}
