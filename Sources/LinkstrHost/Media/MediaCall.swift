import Foundation
import LinkstrPluginKit
import PluginABI

/// One asynchronous call into a media provider (`fetch_metadata`, `extract`) awaited from Swift: the
/// box is the call's `user_data`; `done` resumes the waiting task exactly once and releases the box;
/// cancelling the task calls the provider's `cancel` with the operation id (at once, or as soon as the
/// starting call has returned it).
///
/// Thread rule: thread-safe; callbacks may arrive on any thread, even before `start` returns.
final class MediaCall: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<[UInt8], PluginError>, Never>?
    private var outcome: Result<[UInt8], PluginError>?
    private var operationID: UInt64?
    private var cancelRequested = false
    private let progress: (@Sendable (Int64, Int64) -> Void)?

    private init(progress: (@Sendable (Int64, Int64) -> Void)?) {
        self.progress = progress
    }

    typealias Start = (
        _ userData: UnsafeMutableRawPointer, _ done: lkh_done_fn, _ progress: lkh_progress_fn,
        _ operationID: UnsafeMutablePointer<UInt64>, _ error: UnsafeMutablePointer<lkh_error>
    ) -> lkh_status

    /// Starts the call with `start` and waits for its result bytes.
    static func run(
        progress: (@Sendable (Int64, Int64) -> Void)? = nil, cancel: @escaping @Sendable (UInt64) -> Void, start: Start
    ) async throws(PluginError) -> [UInt8] {
        let call = MediaCall(progress: progress)
        let userData = Unmanaged.passRetained(call).toOpaque()
        var operation: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = start(userData, MediaCall.done, MediaCall.progressFunction, &operation, &error)
        guard status == LKH_OK else {
            Unmanaged<MediaCall>.fromOpaque(userData).release()
            throw PluginError(status: status, error: &error)
        }
        let cancelNow = call.lock.withLock {
            call.operationID = operation
            return call.cancelRequested
        }
        if cancelNow { cancel(operation) }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = call.lock.withLock { () -> Result<[UInt8], PluginError>? in
                    if let outcome = call.outcome { return outcome }
                    call.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let started = call.lock.withLock { () -> UInt64? in
                call.cancelRequested = true
                return call.operationID
            }
            if let started { cancel(started) }
        }
        return try result.get()
    }

    private static let done: lkh_done_fn = { userData, status, error, result in
        guard let userData else { return }
        let call = Unmanaged<MediaCall>.fromOpaque(userData).takeRetainedValue()
        let bytes = OwnedBytes.take(result)
        let outcome: Result<[UInt8], PluginError> = status == LKH_OK ? .success(bytes) : .failure(PluginError(status: status, error: error))
        let waiting = call.lock.withLock { () -> CheckedContinuation<Result<[UInt8], PluginError>, Never>? in
            call.outcome = outcome
            defer { call.continuation = nil }
            return call.continuation
        }
        waiting?.resume(returning: outcome)
    }

    private static let progressFunction: lkh_progress_fn = { userData, done, total in
        guard let userData else { return }
        Unmanaged<MediaCall>.fromOpaque(userData).takeUnretainedValue().progress?(done, total)
    }
}
