import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
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
}
