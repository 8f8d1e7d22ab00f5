import LinkstrPluginKit
import PluginABI
import Testing

@testable import RelayPoolPlugin

@Suite("Publish operations: when a publish is done, and with what")
struct PublishOperationTests {
    private static let eventID = String(repeating: "ab", count: 32)

    /// - Parameter answersAfterDone: whether the host's sink takes answers after done (ABI 1.3).
    private func operation(relays: [String], answersAfterDone: Bool = false) throws -> PublishOperation {
        let event = try EventSummary(json: Array(#"{"id":"\#(Self.eventID)","kind":1}"#.utf8))
        let callback = DoneCallback(function: { _, _, _, result in result.release?(result.release_ctx) }, userData: nil)
        return PublishOperation(
            id: 1, event: event, relays: relays, timeout: .seconds(8), answersAfterDone: answersAfterDone, callback: callback)
    }

    @Test("one relay accepts while another is not connected: done at once, the other reported as not sent")
    func acceptedWhileOthersWait() throws {
        let operation = try operation(relays: ["ws://a", "ws://b"])
        operation.markSent(on: "ws://a")
        let completion = try #require(operation.settle("ws://a", .accepted(message: "")).completion)
        #expect(completion.status == .ok)
        #expect(
            completion.result
                == #"[{"relay":"ws://a","accepted":true,"message":""},{"relay":"ws://b","accepted":false,"message":"not sent: the relay was not connected"}]"#
        )
    }

    @Test("a host without late answers (ABI 1.2 sink): one relay accepts while another still has the event, wait for its answer")
    func acceptedWhileOthersAnswer() throws {
        let operation = try operation(relays: ["ws://a", "ws://b"])
        operation.markSent(on: "ws://a")
        operation.markSent(on: "ws://b")
        #expect(operation.settle("ws://a", .accepted(message: "")).completion == nil)
        let completion = try #require(operation.settle("ws://b", .refused(message: "blocked: no")).completion)
        #expect(completion.status == .ok)
    }

    @Test(
        "every relay refused: the first refusal decides the status",
        arguments: [
            ("rate-limited: slow down", LKHStatus.busy), ("invalid: bad id", .invalid), ("pow: difficulty 30", .invalid),
            ("blocked: banned", .permission), ("restricted: members only", .permission), ("auth-required: log in", .permission),
            ("error: database down", .io), ("mute: nobody listens", .io),
        ])
    func refusals(message: String, status: LKHStatus) throws {
        let operation = try operation(relays: ["ws://a", "ws://b"])
        operation.markSent(on: "ws://a")
        operation.markSent(on: "ws://b")
        #expect(operation.settle("ws://a", .refused(message: message)).completion == nil)
        let completion = try #require(operation.connectionDropped("ws://b", reason: "connection lost").completion)
        #expect(completion.status == status)
        #expect(completion.message == "ws://a refused the event: \(message)")
    }

    @Test("every connection dropped: an I/O error naming each relay")
    func allDropped() throws {
        let operation = try operation(relays: ["ws://a"])
        operation.markSent(on: "ws://a")
        let completion = try #require(operation.connectionDropped("ws://a", reason: "connection lost before the relay answered").completion)
        #expect(completion.status == .io)
        #expect(completion.message == "no relay confirmed the event (ws://a: connection lost before the relay answered)")
    }

    @Test("the timeout with no acceptance: LKH_E_TIMEOUT; with one: OK")
    func timeout() throws {
        let unanswered = try operation(relays: ["ws://a", "ws://b"])
        unanswered.markSent(on: "ws://a")
        let completion = try #require(unanswered.timeOut().completion)
        #expect(completion.status == .timeout)
        #expect(
            completion.message
                == "no relay confirmed the event within 8000 ms (ws://a: no answer before the timeout; ws://b: not sent: the relay was not connected)")

        let accepted = try operation(relays: ["ws://a", "ws://b"])
        accepted.markSent(on: "ws://a")
        accepted.markSent(on: "ws://b")
        _ = accepted.settle("ws://a", .accepted(message: "duplicate: have it")).completion
        #expect(accepted.timeOut().completion?.status == .ok)
    }

    @Test("an operation completes exactly once, and AUTH is retried once per relay")
    func exactlyOnce() throws {
        let operation = try operation(relays: ["ws://a"])
        operation.markSent(on: "ws://a")
        #expect(operation.beginAuthentication(on: "ws://a"))
        #expect(operation.target(on: "ws://a") == .authenticating)
        operation.markSent(on: "ws://a")
        #expect(!operation.beginAuthentication(on: "ws://a"))
        #expect(operation.cancel(reason: "cancelled").completion?.status == .cancelled)
        #expect(operation.cancel(reason: "again").completion == nil)
        #expect(operation.timeOut().completion == nil)
        #expect(operation.settle("ws://a", .accepted(message: "")).completion == nil)
    }

    @Test("with late answers: done at the first OK, the other relay pending, its answer after done returned, then over")
    func doneAtFirstOK() throws {
        let operation = try operation(relays: ["ws://fast", "ws://slow", "ws://down"], answersAfterDone: true)
        operation.markSent(on: "ws://fast")
        operation.markSent(on: "ws://slow")
        let completion = try #require(operation.settle("ws://fast", .accepted(message: "")).completion)
        #expect(completion.status == .ok)
        #expect(
            completion.result
                == #"[{"relay":"ws://fast","accepted":true,"message":""},{"relay":"ws://slow","accepted":false,"message":"waiting for an answer","pending":true},{"relay":"ws://down","accepted":false,"message":"not sent: the relay was not connected"}]"#
        )
        // An answer while done runs is held until done returned.
        #expect(operation.settle("ws://slow", .refused(message: "blocked: no")) == .nothing)
        #expect(
            operation.doneReturned()
                == PublishStep(answers: [PublishAnswer(relay: "ws://slow", accepted: false, message: "blocked: no")], isOver: true))
        // A relay that was not connected at done never gets the event.
        operation.markSent(on: "ws://down")
        #expect(operation.target(on: "ws://down") == .dropped(reason: "not sent: the relay was not connected"))
    }

    @Test("with late answers: an answer after done returned comes at once; the timeout reports the silent relays; cancel ends the answers")
    func answersAfterDone() throws {
        let operation = try operation(relays: ["ws://a", "ws://b", "ws://c"], answersAfterDone: true)
        for relay in ["ws://a", "ws://b", "ws://c"] { operation.markSent(on: relay) }
        #expect(operation.settle("ws://a", .accepted(message: "")).completion?.status == .ok)
        #expect(operation.doneReturned() == PublishStep(answers: [], isOver: false))
        #expect(
            operation.settle("ws://b", .accepted(message: "duplicate: have it"))
                == PublishStep(answers: [PublishAnswer(relay: "ws://b", accepted: true, message: "duplicate: have it")], isOver: false))
        #expect(
            operation.timeOut()
                == PublishStep(answers: [PublishAnswer(relay: "ws://c", accepted: false, message: "no answer before the timeout")], isOver: true))
        #expect(operation.settle("ws://c", .accepted(message: "")) == .nothing)

        let cancelled = try self.operation(relays: ["ws://a", "ws://b"], answersAfterDone: true)
        cancelled.markSent(on: "ws://a")
        cancelled.markSent(on: "ws://b")
        _ = cancelled.settle("ws://a", .accepted(message: ""))
        _ = cancelled.doneReturned()
        #expect(cancelled.cancel(reason: "cancelled") == PublishStep(isOver: true))
        #expect(cancelled.settle("ws://b", .accepted(message: "")) == .nothing)
    }
}
