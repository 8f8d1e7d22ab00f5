import LinkstrPluginKit
import WSClient

extension RelayConnection {
    /// Handles one message from the relay. Nothing a relay sends can crash the pool: what is not a
    /// NIP-01 relay message is counted and logged, and the connection stays open.
    func receive(_ message: WebSocketMessage) async {
        guard case .text(let text) = message else {
            refuseFrame(kind: \.malformed, "a binary message (relays speak JSON text)")
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= pool.settings.maximumMessageBytes else {
            refuseFrame(kind: \.oversized, "a message of \(bytes.count) bytes, over max_message_bytes (\(pool.settings.maximumMessageBytes))")
            return
        }
        let frame: RelayFrame
        do {
            frame = try RelayFrame.parse(bytes)
        } catch {
            refuseFrame(kind: \.malformed, "a malformed frame: \(error.reason); it began \(Self.preview(bytes))")
            return
        }
        switch frame {
        case .event(let subscriptionID, let event):
            await deliver(event, subscriptionID: subscriptionID)
        case .ok(let eventID, let accepted, let message):
            handleOK(eventID: eventID, accepted: accepted, message: message)
        case .endOfStoredEvents(let subscriptionID):
            if pool.isSubscribed(subscriptionID, on: self) {
                bridge.endOfStoredEvents(relay: url, subscriptionID: subscriptionID)
            }
        case .closed(let subscriptionID, let message):
            handleClosed(subscriptionID: subscriptionID, message: message)
        case .notice(let message):
            bridge.notice(relay: url, message: message)
        case .auth(let challenge):
            receivedChallenge(challenge)
        case .other:
            break
        }
    }

    /// Passes an event on when its subscription is open. While the host answers `LKH_E_BUSY`, reading
    /// from this relay pauses (5 ms, doubling up to 200 ms) and the event is offered again.
    private func deliver(_ event: ArraySlice<UInt8>, subscriptionID: String) async {
        guard pool.isSubscribed(subscriptionID, on: self) else {
            state.withLock { $0.counters.stale += 1 }
            return
        }
        var pause = Duration.milliseconds(5)
        while bridge.deliverEvent(relay: url, subscriptionID: subscriptionID, event: event) == .busy {
            do {
                try await Task.sleep(for: pause)
            } catch {
                return
            }
            pause = min(pause * 2, .milliseconds(200))
        }
        state.withLock { $0.counters.delivered += 1 }
    }

    /// Matches an OK to the event it answers and settles the publishes of that event.
    ///
    /// Matching: an OK for the AUTH event settles AUTH. Otherwise an OK whose id is one of the events
    /// awaiting OK on this connection answers that event. An OK with an empty id — nostr-relay sends
    /// `["OK","",false,…]`, after a throttling delay, when it refuses an event before reading its id —
    /// answers the oldest event still awaiting OK, because a relay answers a connection's EVENTs in
    /// the order it received them. An OK that matches nothing (an id the pool did not send) is logged
    /// and dropped.
    func handleOK(eventID: String, accepted: Bool, message: String) {
        enum Match {
            case authentication
            case event([PublishOperation])
            case nothing
        }
        let match = state.withLock { state -> Match in
            if let authID = state.authentication.sentEventID, authID == eventID {
                return .authentication
            }
            let matched: String
            if let index = state.awaitingOK.firstIndex(of: eventID) {
                matched = state.awaitingOK.remove(at: index)
            } else if eventID.isEmpty, !state.awaitingOK.isEmpty {
                matched = state.awaitingOK.removeFirst()
            } else {
                return .nothing
            }
            let operations = state.publishes.values.filter { $0.event.id == matched }.sorted { $0.id < $1.id }
            return .event(operations)
        }
        switch match {
        case .authentication:
            authenticationAnswered(accepted: accepted, message: message)
        case .nothing:
            bridge.log(.debug, "\(url): an OK for \(eventID.isEmpty ? "an empty event id" : eventID) matched no event awaiting OK")
        case .event(let operations):
            for operation in operations {
                answer(operation, accepted: accepted, message: message)
            }
        }
    }

    /// Applies one relay answer to one publish: accepted, a NIP-42 retry, or a refusal.
    private func answer(_ operation: PublishOperation, accepted: Bool, message: String) {
        guard operation.target(on: url) == .sent else { return }
        if accepted || message.hasPrefix("duplicate:") {
            settle(operation, .accepted(message: message))
        } else if asksForAuthentication(message), operation.beginAuthentication(on: url) {
            requestAuthentication(.publish(operationID: operation.id, refusal: message))
        } else {
            refuse(operation, message)
        }
    }

    /// A final refusal; `auth-required:` and `restricted:` make the relay read-only (NIP-42 terms).
    func refuse(_ operation: PublishOperation, _ message: String) {
        if message.hasPrefix("auth-required:") || message.hasPrefix("restricted:") {
            markReadOnly(message)
        }
        settle(operation, .refused(message: message))
    }

    func settle(_ operation: PublishOperation, _ outcome: PublishTarget) {
        pool.advance(operation, operation.settle(url, outcome))
    }

    /// `auth-required:` asks for NIP-42 AUTH. `restricted:` means "authenticated, but not allowed"
    /// once AUTH was sent, but relays such as nostr-relay answer it to clients that have not
    /// authenticated at all, so before any AUTH it is tried once too (when the relay sent a challenge).
    private func asksForAuthentication(_ message: String) -> Bool {
        if message.hasPrefix("auth-required:") { return true }
        guard message.hasPrefix("restricted:") else { return false }
        return state.withLock { $0.authentication.phase == .idle && $0.authentication.challenge != nil }
    }

    /// A CLOSED for an open subscription: `auth-required:` is answered with AUTH and one re-subscribe;
    /// anything else goes to the host.
    private func handleClosed(subscriptionID: String, message: String) {
        guard pool.isSubscribed(subscriptionID, on: self) else { return }
        if message.hasPrefix("auth-required:") {
            let firstTime = state.withLock { $0.authentication.retriedSubscriptions.insert(subscriptionID).inserted }
            if firstTime {
                requestAuthentication(.subscription(id: subscriptionID, refusal: message))
                return
            }
        }
        bridge.closed(relay: url, subscriptionID: subscriptionID, message: message)
    }

    /// Logs and counts a frame the pool could not use.
    private func refuseFrame(kind counter: WritableKeyPath<RelayCounters, Int>, _ what: String) {
        let count = state.withLock { state -> Int in
            state.counters[keyPath: counter] += 1
            return state.counters[keyPath: counter]
        }
        if RelayCounters.shouldLog(count) {
            bridge.log(.warn, "\(url) sent \(what) (dropped; \(count) so far on this relay)")
        }
    }

    /// The first 80 bytes of a frame, printable, for log lines.
    private static func preview(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(80).map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "." }
        return "'" + String(head) + (bytes.count > 80 ? "…'" : "'")
    }
}
