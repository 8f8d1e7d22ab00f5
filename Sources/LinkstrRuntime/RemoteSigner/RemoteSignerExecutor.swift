import Dispatch

/// Runs the remote signer client's tasks on a serial dispatch queue of their own, outside Swift's
/// cooperative thread pool, so that a caller blocked on a synchronous ``RemoteSigner`` call (which
/// occupies a cooperative thread) never holds up the tasks that bring its answer.
final class RemoteSignerExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "org.linkstr.remote-signer")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
