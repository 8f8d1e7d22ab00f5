import Foundation
import LinkstrPluginKit
import NostrCore
import PluginABI

extension FakeRelayConnection {
    /// How a publish ended: the status and message for `done`, and the per-relay result JSON
    /// `[{"relay","accepted","message"}]`.
    struct PublishOutcome {
        var operationID: UInt64
        var status: LKHStatus
        var message: String
        var result: String
    }

    private struct Answer: Encodable {
        var relay: String
        var accepted: Bool
        var message: String
        /// The relay answered (accepted or refused), as opposed to never getting the event.
        var answered: Bool

        private enum CodingKeys: String, CodingKey { case relay, accepted, message }

        static func notSent(_ relay: String) -> Answer {
            Answer(relay: relay, accepted: false, message: "not sent: the relay was not connected", answered: false)
        }
    }

    /// Publishes one signed event to every enabled writable address and settles at once, as the relay
    /// pool settles when every relay has answered: OK when one accepted (`duplicate:` included); else
    /// `LKH_E_IO` naming the first refusal; else (no address connected) `LKH_E_TIMEOUT`, without
    /// waiting for the timeout. An accepted event is stored and delivered before this returns.
    ///
    /// - Throws: `.invalid` for JSON that is not an event with `eventID`, `.unavailable` when no
    ///   address is writable; done must then not run.
    func publish(eventJSON: [UInt8], eventID: String) throws(PluginError) -> PublishOutcome {
        let event: Event
        do {
            event = try Event(json: eventJSON)
        } catch {
            throw PluginError(.invalid, "the event is not a valid Nostr event: \(error)")
        }
        guard event.id.hex == eventID else {
            throw PluginError(.invalid, "the event's id \(event.id.hex) differs from the id passed to publish (\(eventID))")
        }
        return try relay.serialized { () throws(PluginError) in
            let (operationID, targets) = try state.withLock { state throws(PluginError) in
                guard !state.isShutDown else { throw PluginError(.cancelled, "the transport was shut down") }
                let targets = state.relays.filter { $0.isEnabled && $0.isWritable }
                guard !targets.isEmpty else {
                    throw PluginError(.unavailable, "no relay is enabled for writing; add a relay with the write flag")
                }
                defer { state.nextOperationID += 1 }
                return (state.nextOperationID, targets)
            }
            let known = relay.contains(event.id)
            let invalid = event.isValid ? nil : "invalid: the event's id or signature does not verify"
            let answers = targets.map { target -> Answer in
                guard target.isConnected else { return .notSent(target.url) }
                switch relay.behaviour(for: target.url) {
                case .down:
                    return .notSent(target.url)
                case .readOnly(let message), .refusing(let message):
                    return Answer(relay: target.url, accepted: false, message: message, answered: true)
                case .online:
                    if let invalid { return Answer(relay: target.url, accepted: false, message: invalid, answered: true) }
                    return Answer(relay: target.url, accepted: true, message: known ? "duplicate: already have this event" : "", answered: true)
                }
            }
            if answers.contains(where: \.accepted) { relay.receive(event, json: eventJSON) }
            return Self.outcome(operationID, answers)
        }
    }

    private static func outcome(_ operationID: UInt64, _ answers: [Answer]) -> PublishOutcome {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let result = (try? encoder.encode(answers)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        if answers.contains(where: \.accepted) {
            return PublishOutcome(operationID: operationID, status: .ok, message: "", result: result)
        }
        if let refusal = answers.first(where: \.answered) {
            return PublishOutcome(
                operationID: operationID, status: .io, message: "\(refusal.relay) refused the event: \(refusal.message)", result: result)
        }
        let reasons = answers.map { "\($0.relay): \($0.message)" }.joined(separator: "; ")
        return PublishOutcome(operationID: operationID, status: .timeout, message: "no relay confirmed the event (\(reasons))", result: result)
    }
}
