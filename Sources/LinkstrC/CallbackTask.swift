import Dispatch
import Glibc
import LinkstrRuntime
import Synchronization

/// The object behind a `linkstr_watch *`: the account runtime's watch, run as a task, and the serial
/// queue on which its events reach the C callback — one at a time, in order, on linkstr's threads.
final class EmbeddedWatch: Sendable {
    private let callback: WatchCallback
    private let queue = DispatchQueue(label: "org.linkstr.watch")
    /// Set by `stop`: events still queued are dropped.
    private let stopped = Atomic<Bool>(false)
    /// The thread running the callback right now, so that `stop` called from the callback does not
    /// wait for itself.
    private let callbackThread = Mutex<pthread_t?>(nil)
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let ended: @Sendable (EmbeddedWatch) -> Void

    /// Starts watching at once. `ended` is told when `stop` is done.
    /// - Parameter timeout: the longest to wait for a relay, and for each page of history.
    init(runtime: AccountRuntime, timeout: Duration, callback: WatchCallback, ended: @escaping @Sendable (EmbeddedWatch) -> Void) {
        self.callback = callback
        self.ended = ended
        let watching = Task { await self.watch(runtime, timeout: timeout) }
        task.withLock { $0 = watching }
    }

    private func watch(_ runtime: AccountRuntime, timeout: Duration) async {
        do throws(RuntimeError) {
            try await runtime.watch(timeout: timeout, caughtUp: { self.deliver(["type": "caught_up"]) }) { report, _ in
                for change in report.changes { self.deliver(JSONRecords.change(change)) }
                for request in report.notifications {
                    if let notification = await runtime.notification(for: request) { self.deliver(JSONRecords.notification(notification)) }
                }
            }
        } catch {
            if !Task.isCancelled { deliver(["type": "error", "message": error.description]) }
        }
    }

    private func deliver(_ record: [String: Any]) {
        let event = JSONRecords.text(record)
        queue.async {
            guard !self.stopped.load(ordering: .acquiring) else { return }
            self.callbackThread.withLock { $0 = pthread_self() }
            self.callback.call(event)
            self.callbackThread.withLock { $0 = nil }
        }
    }

    /// Ends the watch: its relay subscription is closed and, unless called from the callback, no
    /// callback runs when it returns. Nothing is delivered afterwards.
    func stop() {
        stopped.store(true, ordering: .releasing)
        if let watching = task.withLock({ $0 }) {
            watching.cancel()
            BlockingCall.wait { await watching.value }
        }
        let fromCallback = callbackThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        // A block queued behind the running callback sees `stopped` and returns.
        if !fromCallback { queue.sync {} }
        ended(self)
    }
}
