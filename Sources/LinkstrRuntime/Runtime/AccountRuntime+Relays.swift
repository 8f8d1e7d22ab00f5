import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// The relay pool over the enabled relays, created on first use. The account's signer is offered
    /// to the transport for NIP-42 AUTH.
    func connect() throws(RuntimeError) -> RelayPool {
        if let pool { return pool }
        let enabled: [RelayEntry]
        do {
            enabled = try relays.enabled()
        } catch {
            throw RuntimeError(storage: error)
        }
        guard !enabled.isEmpty else {
            throw RuntimeError(.failed, "no relays are enabled; add one with `linkstr relay add wss://…` or enable one with `linkstr relay enable URL`.")
        }
        do throws(RelayClientError) {
            let created = try host.relayClient(relays: enabled.map(\.url), authenticating: .account(signer))
            pool = created
            listenForLateAnswers(created)
            return created
        } catch {
            switch error {
            case .noTransport(let error): throw RuntimeError(.failed, "no transport: \(error)")
            case let .refused(transport, error): throw RuntimeError(.failed, "the transport '\(transport)' refused the relay list: \(error)")
            }
        }
    }

    /// The send gate before any relay mutation: waits (at most `sendGate`) until a relay accepts writes.
    func writablePool() async throws(RuntimeError) -> RelayPool {
        let pool = try connect()
        if await pool.waitForConnection(until: .now + Self.sendGate, writable: true) { return pool }
        if Task.isCancelled { throw RuntimeError(.failed, "cancelled while waiting for a relay.") }
        recordRelayStatuses()
        if pool.statuses.values.contains(.readOnly) {
            throw RuntimeError(.failed, "connected relays are read-only; add a writable relay to send.")
        }
        throw RuntimeError(.failed, Self.unreachable(pool, within: Self.sendGate))
    }

    /// Why no relay could be used: every one failed (said at once), or none connected in time.
    static func unreachable(_ pool: RelayPool, within wait: Duration) -> String {
        if pool.everyRelayFailed { return "couldn't reach any relay; try again" + reasons(pool) }
        return "couldn't reach a relay within \(wait); try again" + reasons(pool)
    }

    /// " (url: why; url: why)." for the relays that reported an error, else ".".
    static func reasons(_ pool: RelayPool) -> String {
        let reasons = pool.relayStates().compactMap { state in state.error.map { "\(state.url): \($0)" } }
        return reasons.isEmpty ? "." : " (\(reasons.joined(separator: "; ")))."
    }

    /// Publishes every event at once; succeeds only when each has at least one relay's OK, else fails
    /// with the first refusal. What each relay answered is remembered for `relay list`; the relays
    /// still to answer when every event has its OK are not waited for (their answers are recorded as
    /// they come, see ``listenForLateAnswers(_:)``).
    func publishAll(_ events: [Event], on pool: RelayPool) async throws(RuntimeError) {
        let results = await withTaskGroup(of: Result<PublishResult, PublishError>.self) { group in
            for event in events {
                group.addTask { () async -> Result<PublishResult, PublishError> in
                    do throws(PublishError) {
                        return .success(try await pool.publish(event, timeout: Self.publishTimeout))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var results: [Result<PublishResult, PublishError>] = []
            for await result in group { results.append(result) }
            return results
        }
        var failures: [PublishError] = []
        var answers: [RelayAnswer] = []
        for result in results {
            switch result {
            case .success(let published): answers += published.answers
            case .failure(let failure):
                failures.append(failure)
                answers += failure.answers
            }
        }
        recordRelayStatuses(answers: answers)
        guard let first = failures.first else { return }
        let what = events.count == 1 ? "the relays did not accept the event" : "\(failures.count) of \(events.count) events were not accepted"
        throw RuntimeError(.failed, "\(what): \(first.message)")
    }

    /// Remembers for `relay list` what this operation saw of each relay, with the time: its status, and
    /// why it failed, what it answered to a publish it did not accept (`answers`), or that it did not
    /// finish sending its history (`unfinished`). A relay still connecting counts as failed, with the
    /// reason its last attempt gave. A failure to store only costs that memory, so it is logged, not thrown.
    func recordRelayStatuses(answers: [RelayAnswer] = [], unfinished: Set<String> = []) {
        guard let pool else { return }
        var refusals: [String: String] = [:]
        for answer in answers where !answer.accepted && !answer.pending && refusals[answer.relay] == nil {
            refusals[answer.relay] = answer.message
        }
        let accepted = Set(answers.filter(\.accepted).map(\.relay))
        let lastErrors = pool.lastErrors
        let now = clock()
        let outcomes = pool.relayStates().map { state -> RelayOutcome in
            if state.status.isConnected {
                let error = refusals[state.url].map { "publish failed: \($0)" } ?? state.error
                    ?? (unfinished.contains(state.url) ? Self.unfinishedHistory : nil)
                return RelayOutcome(
                    url: state.url, status: state.status.description, error: error, checkedAt: now,
                    lastOKAt: accepted.contains(state.url) ? now : nil)
            }
            let reason = state.error ?? lastErrors[state.url] ?? "not connected when linkstr stopped waiting"
            return RelayOutcome(
                url: state.url, status: state.status == .connecting ? RelayStatus.failed.description : state.status.description,
                error: Self.withoutRetryNote(reason), checkedAt: now)
        }
        do {
            try relays.record(outcomes)
        } catch {
            host.log.log(.warn, "cannot remember the relay statuses for `relay list`: \(error)")
        }
    }

    /// Starts recording the answers `pool` passes on after their publish returned.
    private func listenForLateAnswers(_ pool: RelayPool) {
        let updates = pool.updates
        lateAnswers = Task { [weak self] in
            for await update in updates {
                guard case .lateAnswer(let answer, _) = update, let self else { continue }
                await recordAnswer(answer.relay, accepted: answer.accepted, error: "publish failed: \(answer.message)", at: clock())
            }
        }
    }

    /// Records one relay's answer that came (or did not) after its operation recorded the relays; a
    /// failure to store only costs that memory, so it is logged.
    func recordAnswer(_ relay: String, accepted: Bool, error: String, at time: Int64) {
        do {
            try relays.recordAnswer(relay, accepted: accepted, error: error, at: time)
        } catch {
            host.log.log(.warn, "cannot remember the answer of \(relay) for `relay list`: \(error)")
        }
    }

    /// What `relay list` says of a relay that had not answered a publish when linkstr stopped.
    static let noAnswerYet = "no answer yet to the last publish when linkstr stopped waiting (the relay may still have stored it)"

    /// What `relay list` says of a relay that was still sending history when a page timed out.
    static let unfinishedHistory = "did not finish sending its history before the timeout; what it holds may be incomplete"

    /// The transport's reason without its "; retrying in 2.0 s", which is only true at that moment.
    static func withoutRetryNote(_ reason: String) -> String {
        guard let note = reason.range(of: "; retrying in ") else { return reason }
        return String(reason[..<note.lowerBound])
    }
}
