import NostrCore
import Synchronization

/// The bunker's requests being answered: a chain per client, so that each client's requests are
/// answered in the order they came while clients are served side by side, and the answers being
/// published. `finish` waits for all of them.
///
/// Thread rule: thread-safe.
final class BunkerRequests: Sendable {
    private struct State {
        /// The last request of each client with one being answered, by a number of its own.
        var chains: [PublicKey: (number: Int, task: Task<Void, Never>)] = [:]
        var publishing: [Int: Task<Void, Never>] = [:]
        var next = 0
    }

    private let state = Mutex(State())

    /// Answers a request of `client` with `work` once its earlier requests are answered.
    func enqueue(from client: PublicKey, _ work: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            state.next += 1
            let number = state.next
            let previous = state.chains[client]?.task
            let task = Task {
                await previous?.value
                await work()
                self.state.withLock { state in
                    if state.chains[client]?.number == number { state.chains[client] = nil }
                }
            }
            state.chains[client] = (number, task)
        }
    }

    /// Keeps `publish` (an answer on its way to the relays) until it ends.
    func track(_ publish: Task<Void, Never>) {
        let number = state.withLock { state in
            state.next += 1
            state.publishing[state.next] = publish
            return state.next
        }
        Task {
            await publish.value
            self.state.withLock { _ = $0.publishing.removeValue(forKey: number) }
        }
    }

    /// Waits until every request is answered and every answer published.
    func finish() async {
        while true {
            let pending = state.withLock { $0.chains.values.map { $0.task } + Array($0.publishing.values) }
            guard !pending.isEmpty else { return }
            for task in pending { await task.value }
        }
    }
}
