import Foundation
import LinkstrHost
import NostrCore

extension RelayClient {
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
                let started = transport.publish(json, eventID: event.id.hex, timeoutMilliseconds: max(milliseconds, 1)) { failure, result in
                    let answers = PublishWaiter.answers(result)
                    if let failure {
                        waiter.finish(.failure(PublishError(status: failure.status, message: failure.message, answers: answers)))
                    } else {
                        // Before done returns: the transport passes the late answers only after it.
                        waiter.router.awaitAnswers(eventID: waiter.eventID, relays: answers.filter(\.pending).map(\.relay))
                        waiter.finish(.success(PublishResult(answers: answers)))
                    }
                }
                switch started {
                case .success(let operationID):
                    if waiter.started(operationID) { transport.cancel(operationID) }
                case .failure(let failure):
                    waiter.finish(.failure(PublishError(status: failure.status, message: failure.message)))
                }
            }
        } onCancel: {
            if let operationID = waiter.requestCancel() {
                transport.cancel(operationID)
            }
        }
        return try outcome.get()
    }
}
