import Synchronization

/// The continuation of one `sign_event` call, resumed exactly once.
final class PendingSignature: Sendable {
    private let continuation: Mutex<CheckedContinuation<Result<[UInt8], AuthenticationFailure>, Never>?>

    init(_ continuation: CheckedContinuation<Result<[UInt8], AuthenticationFailure>, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ result: Result<[UInt8], AuthenticationFailure>) {
        let taken = continuation.withLock { slot in
            defer { slot = nil }
            return slot
        }
        taken?.resume(returning: result)
    }
}
