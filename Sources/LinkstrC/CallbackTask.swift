import Dispatch
import Glibc
import LinkstrRuntime
import PluginABI
import Synchronization

/// The object behind a `linkstr_watch *` or a `linkstr_signer *`: work on the account's runtime run
/// as a task, and the serial queue on which what it reports reaches the C callback — one at a time,
/// in order, on linkstr's threads.
final class CallbackTask: Sendable {
    private let callback: JSONCallback
    private let queue: DispatchQueue
    /// Set by `stop`: records still queued are dropped.
    private let stopped = Atomic<Bool>(false)
    /// The thread running the callback right now, so that `stop` called from the callback does not
    /// wait for itself.
    private let callbackThread = Mutex<pthread_t?>(nil)
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let ended: @Sendable (CallbackTask) -> Void

    /// A task not yet started; `ended` is told when `stop` is done.
    init(label: String, callback: JSONCallback, ended: @escaping @Sendable (CallbackTask) -> Void) {
        self.callback = callback
        self.ended = ended
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` until it returns or `stop` cancels it.
    func start(_ work: @escaping @Sendable () async -> Void) {
        task.withLock { $0 = Task(operation: work) }
    }

    /// Queues `record` for the callback.
    func deliver(_ record: some Encodable) {
        let json = JSONRecords.text(record)
        queue.async {
            guard !self.stopped.load(ordering: .acquiring) else { return }
            self.callbackThread.withLock { $0 = pthread_self() }
            self.callback.call(json)
            self.callbackThread.withLock { $0 = nil }
        }
    }

    /// Reports the failure that ended the work as the last record, `{"type":"error","message"}` —
    /// unless `stop` ended it.
    func deliverEnd(_ failure: LinkstrError) {
        if !Task.isCancelled { deliver(JSONRecords.Typed("error", Failure(message: failure.description))) }
    }

    /// What ended the work, in words.
    private struct Failure: Encodable {
        let message: String
    }

    /// Cancels the work and waits until it returned and, unless called from the callback, until no
    /// callback runs. Nothing is delivered afterwards.
    func stop() {
        stopped.store(true, ordering: .releasing)
        if let running = task.withLock({ $0 }) {
            running.cancel()
            BlockingCall.wait { await running.value }
        }
        let fromCallback = callbackThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        // A block queued behind the running callback sees `stopped` and returns.
        if !fromCallback { queue.sync {} }
        ended(self)
    }
}

extension CallbackTask {
    /// The frame of the calls that start one (linkstr_runtime_watch_with, linkstr_signer_serve): the
    /// task `start` returns goes to `*out` (the argument `name`) as a live handle of `kind`, a failure
    /// to the caller's error slot.
    static func handOut(
        _ out: UnsafeMutablePointer<OpaquePointer?>?, _ name: String, as kind: LiveHandles.Kind, _ errorSlot: UnsafeMutablePointer<lkh_error>?,
        _ start: () throws(EmbeddedFailure) -> CallbackTask
    ) -> lkh_status {
        guard let out else { return EmbeddedFailure.null(name).report(errorSlot) }
        out.pointee = nil
        do throws(EmbeddedFailure) {
            out.pointee = LiveHandles.retain(try start(), as: kind)
            return LKH_OK
        } catch {
            return error.report(errorSlot)
        }
    }

    /// The stop call of a handle of `kind` (`function`): a handle that is not live is reported, not followed.
    static func stop(_ handle: OpaquePointer?, as kind: LiveHandles.Kind, by function: String) {
        guard let handle, let task = LiveHandles.release(handle, as: kind, CallbackTask.self, by: function) else { return }
        task.stop()
    }
}
