import Foundation
import LinkstrPluginKit
import NostrCore
import PluginABI

extension RelayPool {
    /// Publishes a signed event to every writable relay and returns once a relay accepted it (or every
    /// relay refused, or the timeout passed). The relays that have the event and had not answered by
    /// then are ``RelayAnswer/pending``: their answers come as ``RelayUpdate/lateAnswer(_:eventID:)``
    /// (a transport built against ABI 1.2 waits for them instead). Cancelling the calling task
    /// cancels the publish.
    ///
    /// - Throws: `PublishError` when no relay accepted the event: its status tells why (see
    ///   ``PublishError``) and its answers what each relay said.
    public func publish(_ event: Event, timeout: Duration = .seconds(8)) async throws(PublishError) -> PublishResult {
        let json = event.jsonBytes()
        let milliseconds = UInt32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let waiter = PublishWaiter(eventID: event.id.hex, router: router)
        let transport = self.transport
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.wait(with: continuation)
                let userData = Unmanaged.passRetained(waiter).toOpaque()
                var operationID: UInt64 = 0
                var error = LKHErrorSlot.make()
                let status = json.withUnsafeBufferPointer { buffer in
                    transport.vtable.pointee.publish!(
                        transport.rawInstance, lkh_bytes(data: buffer.baseAddress, len: buffer.count), event.id.hex,
                        max(milliseconds, 1), publishDone, userData, &operationID, &error)
                }
                if status == LKH_OK {
                    if waiter.started(operationID) { transport.vtable.pointee.cancel?(transport.rawInstance, operationID) }
                } else {
                    Unmanaged<PublishWaiter>.fromOpaque(userData).release()
                    let failure = PluginError(status: status, error: &error)
                    waiter.finish(.failure(PublishError(status: failure.status, message: failure.message)))
                }
            }
        } onCancel: {
            if let operationID = waiter.requestCancel() {
                transport.vtable.pointee.cancel?(transport.rawInstance, operationID)
            }
        }
        return try outcome.get()
    }
}

/// The publish `lkh_done_fn`: takes the result (releasing it) and resumes the waiting task.
private let publishDone: lkh_done_fn = { userData, status, error, result in
    let answers = PublishWaiter.answers(OwnedBytes.take(result))
    guard let userData else { return }
    let waiter = Unmanaged<PublishWaiter>.fromOpaque(userData).takeRetainedValue()
    if status == LKH_OK {
        // Before done returns: the transport passes the late answers only after it.
        waiter.router.awaitAnswers(eventID: waiter.eventID, relays: answers.filter(\.pending).map(\.relay))
        waiter.finish(.success(PublishResult(answers: answers)))
    } else {
        let failure = PluginError(status: status, error: error)
        waiter.finish(.failure(PublishError(status: failure.status, message: failure.message, answers: answers)))
    }
}
