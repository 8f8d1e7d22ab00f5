import LinkstrPluginKit

extension TransportInstance {
    /// Starts a publish: the event goes to every writable relay now (connected ones) or when it
    /// connects (until the timeout). Returns the operation id; `callback` reports the outcome.
    ///
    /// - Throws: `.invalid` for an event that is not a JSON object with the given id, or too large;
    ///   `.unavailable` when no relay is writable. `callback` is then never called.
    func publish(eventJSON: [UInt8], eventID: String, timeout: Duration, callback: DoneCallback) throws(PluginError) -> UInt64 {
        guard eventJSON.count <= settings.maximumMessageBytes else {
            throw PluginError(
                .invalid, "the event is \(eventJSON.count) bytes, over max_message_bytes (\(settings.maximumMessageBytes))")
        }
        guard EventSummary.isEventID(eventID) else {
            throw PluginError(.invalid, "the event id must be 64 lowercase hex digits, got '\(eventID.prefix(80))'")
        }
        let event: EventSummary
        do {
            event = try EventSummary(json: eventJSON)
        } catch {
            throw PluginError(.invalid, error.reason)
        }
        guard event.id == eventID else {
            throw PluginError(.invalid, "the event's id \(event.id) differs from the id passed to publish (\(eventID))")
        }
        let operation = try state.withLock { state throws(PluginError) -> PublishOperation in
            guard !state.isShutDown else { throw PluginError(.cancelled, "the transport was shut down") }
            let targets = state.relays.filter { $0.flags & RelayEndpoint.write != 0 }
            guard !targets.isEmpty else {
                throw PluginError(.unavailable, "no relay is enabled for writing; add a relay with the write flag")
            }
            let operation = PublishOperation(
                id: state.nextOperationID, event: event, relays: targets.map(\.url), timeout: timeout,
                answersAfterDone: bridge.takesLateAnswers, callback: callback)
            state.nextOperationID += 1
            state.publishes[operation.id] = operation
            targets.forEach { $0.attach(operation) }
            return operation
        }
        operation.setTimer(
            Task { [weak self] in
                guard (try? await Task.sleep(for: timeout)) != nil, let self else { return }
                self.advance(operation, operation.timeOut())
            })
        return operation.id
    }

    /// Best-effort cancel; the operation's done runs with `LKH_E_CANCELLED` if it was still pending,
    /// and no answer of it is reported afterwards.
    func cancel(_ operationID: UInt64) {
        guard let operation = state.withLock({ $0.publishes[operationID] }) else { return }
        advance(operation, operation.cancel(reason: "the publish was cancelled"))
    }

    /// Carries out a step of `operation`: its done, then the answers that came after it, and
    /// forgetting the operation once nothing more of it is reported.
    func advance(_ operation: PublishOperation, _ step: PublishStep) {
        var step = step
        if let completion = step.completion {
            bridge.complete(operation.callback, status: completion.status, message: completion.message, result: completion.result)
            step = operation.doneReturned()
        }
        for answer in step.answers {
            bridge.publishAnswer(answer, eventID: operation.event.id)
        }
        guard step.isOver else { return }
        state.withLock { state in
            state.publishes.removeValue(forKey: operation.id)
            for relay in state.relays { relay.detach(operation.id) }
        }
    }
}
