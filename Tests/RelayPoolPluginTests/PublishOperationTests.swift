import LinkstrPluginKit
import PluginABI
import Testing

@testable import RelayPoolPlugin

@Suite("Publish operations: when a publish is done, and with what")
struct PublishOperationTests {
    private static let eventID = String(repeating: "ab", count: 32)

    private func operation(relays: [String]) throws -> PublishOperation {
        let event = try EventSummary(json: Array(#"{"id":"\#(Self.eventID)","kind":1}"#.utf8))
        let callback = DoneCallback(function: { _, _, _, result in result.release?(result.release_ctx) }, userData: nil)
        return PublishOperation(id: 1, event: event, relays: relays, timeout: .seconds(8), callback: callback)
    }

    @Test("one relay accepts while another is not connected: done at once, the other reported as not sent")
    func acceptedWhileOthersWait() throws {
        let operation = try operation(relays: ["ws://a", "ws://b"])
        operation.markSent(on: "ws://a")
        let completion = try #require(operation.settle("ws://a", .accepted(message: "")))
        #expect(completion.status == .ok)
        #expect(
            completion.result
                == #"[{"relay":"ws://a","accepted":true,"message":""},{"relay":"ws://b","accepted":false,"message":"not sent: the relay was not connected"}]"#
        )
    }

    @Test("one relay accepts while another still has the event: wait for its answer")
    func acceptedWhileOthersAnswer() throws {
        let operation = try operation(relays: ["ws://a", "ws://b"])
        operation.markSent(on: "ws://a")
        operation.markSent(on: "ws://b")
        #expect(operation.settle("ws://a", .accepted(message: "")) == nil)
        let completion = try #require(operation.settle("ws://b", .refused(message: "blocked: no")))
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
        #expect(operation.settle("ws://a", .refused(message: message)) == nil)
        let completion = try #require(operation.connectionDropped("ws://b", reason: "connection lost"))
        #expect(completion.status == status)
        #expect(completion.message == "ws://a refused the event: \(message)")
    }

    @Test("every connection dropped: an I/O error naming each relay")
    func allDropped() throws {
        let operation = try operation(relays: ["ws://a"])
        operation.markSent(on: "ws://a")
        let completion = try #require(operation.connectionDropped("ws://a", reason: "connection lost before the relay answered"))
        #expect(completion.status == .io)
        #expect(completion.message == "no relay confirmed the event (ws://a: connection lost before the relay answered)")
    }

    @Test("the timeout with no acceptance: LKH_E_TIMEOUT; with one: OK")
    func timeout() throws {
        let unanswered = try operation(relays: ["ws://a", "ws://b"])
        unanswered.markSent(on: "ws://a")
        let completion = try #require(unanswered.timeOut())
        #expect(completion.status == .timeout)
        #expect(
            completion.message
                == "no relay confirmed the event within 8000 ms (ws://a: no answer before the timeout; ws://b: not sent: the relay was not connected)")

        let accepted = try operation(relays: ["ws://a", "ws://b"])
        accepted.markSent(on: "ws://a")
        accepted.markSent(on: "ws://b")
        _ = accepted.settle("ws://a", .accepted(message: "duplicate: have it"))
        #expect(accepted.timeOut()?.status == .ok)
    }

    @Test("an operation completes exactly once, and AUTH is retried once per relay")
    func exactlyOnce() throws {
        let operation = try operation(relays: ["ws://a"])
        operation.markSent(on: "ws://a")
        #expect(operation.beginAuthentication(on: "ws://a"))
        #expect(operation.target(on: "ws://a") == .authenticating)
        operation.markSent(on: "ws://a")
        #expect(!operation.beginAuthentication(on: "ws://a"))
        #expect(operation.cancel(reason: "cancelled")?.status == .cancelled)
        #expect(operation.cancel(reason: "again") == nil)
        #expect(operation.timeOut() == nil)
        #expect(operation.settle("ws://a", .accepted(message: "")) == nil)
    }
}
