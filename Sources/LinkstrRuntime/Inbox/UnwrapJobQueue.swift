import Dispatch
import Synchronization

/// The jobs an ``UnwrapPool``'s workers take, first in first out. Thread-safe: pushed from any
/// thread, taken by the workers (blocking while it is empty).
final class UnwrapJobQueue: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        /// The index of the next job to take; taken jobs before it are dropped now and then.
        var head = 0
    }

    private let state = Mutex(State())
    /// Signalled once per job pushed, and once per worker when the queue closes.
    private let available = DispatchSemaphore(value: 0)

    func push(_ job: @escaping Job) {
        state.withLock { $0.jobs.append(job) }
        available.signal()
    }

    /// The next job, waiting for one; nil once the queue is closed and empty.
    func next() -> Job? {
        available.wait()
        return state.withLock { state -> Job? in
            guard state.head < state.jobs.count else { return nil }
            let job = state.jobs[state.head]
            state.head += 1
            if state.head >= 256, state.head * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.head)
                state.head = 0
            }
            return job
        }
    }

    /// Lets `workers` workers finish the queued jobs, then return from ``next()`` with nil (no job is
    /// pushed after this).
    func close(workers: Int) {
        for _ in 0..<workers { available.signal() }
    }
}
