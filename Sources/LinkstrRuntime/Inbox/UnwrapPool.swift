import CHostSupport
import Foundation
import NostrCore

/// The workers that unwrap gift wraps (ECDH, ChaCha20, HMAC and the signature checks — or, with a
/// remote signer, its `nip44_decrypt` round trips), so that every core works while the engine stays
/// serial. Each ``submit(_:)`` returns a ticket; the caller uses the results in the order it chose
/// (the receive stage: submission order, so the same input gives the same state).
///
/// The workers are threads of their own, not tasks: a remote signer blocks its caller until the
/// answer comes, which must not starve Swift's cooperative pool. They take jobs in submission order
/// and stop when the pool is released.
///
/// Thread rule: thread-safe.
final class UnwrapPool: Sendable {
    /// A remote signer's requests kept in flight at once: a sync of a few hundred wraps then takes
    /// seconds, not minutes, of round trips.
    static let remoteRequestsInFlight = 16

    /// How many wraps a local key's workers may unwrap ahead of the engine: while the engine commits
    /// a batch (2 000 wraps; longer in a large store, and longer still when SQLite checkpoints), they
    /// keep going instead of waiting; about 2 KiB each.
    static let localWindow = 4_096

    /// How many nice values below the rest of the process the workers run. With a worker per core,
    /// the engine's one thread would get only its fair share of a core beside them, and in a large
    /// store the serial stage, not unwrapping, sets the pace: lowered, the workers take the CPU the
    /// engine leaves, and the window keeps them busy while it commits.
    static let workerNiceness: Int32 = 5

    /// How many jobs run at once.
    let workers: Int
    /// How many submitted jobs the receive stage lets run ahead of the engine.
    let window: Int
    private let queue = UnwrapJobQueue()

    init(workers: Int, window: Int) {
        precondition(workers > 0, "an UnwrapPool needs at least one worker")
        self.workers = workers
        self.window = max(workers, window)
        for index in 0..<workers {
            let name = Self.threadName(index)
            let thread = Thread { [queue] in
                // Foundation's `Thread.name` stays in Foundation on Linux; `top -H`, `perf` and
                // /proc/PID/task/*/comm show the kernel's name.
                _ = linkstr_name_current_thread(name)
                _ = linkstr_lower_current_thread_priority(Self.workerNiceness)
                while let job = queue.next() { job() }
            }
            thread.name = name
            thread.start()
        }
    }

    deinit {
        queue.close(workers: workers)
    }

    /// The kernel name of worker `index`: "lkstr-unwrap-N" (the kernel keeps at most 15 bytes of a
    /// thread's name, so "linkstr-unwrap-N" would not fit).
    static func threadName(_ index: Int) -> String {
        "lkstr-unwrap-\(index)"
    }

    /// The workers for `signer`: one per active core for a local key; for a remote signer enough to
    /// keep ``remoteRequestsInFlight`` requests waiting at once.
    static func defaultWorkers(for signer: any Signer) -> Int {
        signer is RemoteSigner ? remoteRequestsInFlight : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// How many wraps may wait for `workers` working for `signer`: ``localWindow`` with a local key;
    /// with a remote signer eight per worker, so that a signer that stops answering leaves few
    /// requests to time out.
    static func defaultWindow(for signer: any Signer, workers: Int) -> Int {
        signer is RemoteSigner ? workers * 8 : max(workers * 8, localWindow)
    }

    /// Queues `unwrap` for the next free worker.
    func submit(_ unwrap: @escaping @Sendable () -> Result<UnwrappedGift, UnwrapError>) -> UnwrapTicket {
        let ticket = UnwrapTicket()
        queue.push { ticket.finish(unwrap()) }
        return ticket
    }
}
