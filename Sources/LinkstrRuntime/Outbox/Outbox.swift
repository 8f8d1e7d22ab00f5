// Outbox/: the send path, from an engine command to the relays' answers. Read in this order:
//   Outbox (this file): an engine command's gift wraps, applied and stored once confirmed; the send
//     gate: a writable relay first (12 s), then every wrap's OK (8 s each)
//   RelayClient+Publishing (PublishWaiter, PublishResult, PublishError, RelayAnswer): one publish
//   Outbox: publishPaced (PacedPublish), many events at the pace relays accept (saved-link sync);
//     recordRelayStatuses (RelayOutcome), what each relay answered, kept for `relay list`

import LinkstrEngine
import LinkstrHost
import NostrCore

/// The send path of an account: an engine command's message gift-wrapped for every recipient and
/// published behind the send gate (a writable relay within `sendGate`, every wrap's OK within
/// `publishTimeout`), then applied and stored; many events at the pace relays accept; and what each
/// relay answered, kept for `relay list`.
///
/// Thread rule: runs on the account's actor (`account` is isolated); the publishes themselves wait
/// on the relay client.
public enum Outbox {
    /// How long a send waits for a first relay connection (the iPhone app's send gate).
    public static let sendGate: Duration = .seconds(12)
    /// How long each wrap waits for a relay's OK (as the iPhone app waits).
    static let publishTimeout: Duration = .seconds(8)

    /// Gift-wraps `message` for every recipient (the sender included), publishes every wrap and,
    /// once each has a relay's OK, applies it locally and stores it. A failed send changes nothing.
    @discardableResult
    static func send(_ message: OutboundMessage, in account: isolated AccountRuntime) async throws(LinkstrError) -> IngestReport {
        let pool = try await writablePool(in: account)
        let rumor = message.rumor
        let unsigned = UnsignedEvent(pubkey: rumor.pubkey, createdAt: rumor.createdAt, kind: rumor.kind, tags: rumor.tags, content: rumor.content)
        let wraps: [GiftWrapOutput]
        do {
            wraps = try GiftWrap.giftWrap(rumor: unsigned, sender: account.signer, recipients: message.recipients, now: account.clock())
        } catch {
            throw LinkstrError(.failed, "cannot gift-wrap the message: \(error)")
        }
        try await publishAll(wraps.map(\.event), on: pool, in: account)
        let report = try account.withStore { try account.engine.confirm(message, wraps: wraps.map { ($0.id, $0.oneTimeKey.secretKey) }, now: account.clock()) }
        // Our own copies come back from the relays: known, not news.
        for wrap in wraps { account.store.markWrapSeen(wrap.id) }
        try account.commit()
        return report
    }

    /// Runs an engine command and sends what it builds.
    static func send(in account: isolated AccountRuntime, _ build: (LinkstrEngine, Int64) throws -> OutboundMessage) async throws(LinkstrError) -> OutboundMessage {
        let message = try account.withStore { try build(account.engine, account.clock()) }
        try await send(message, in: account)
        return message
    }

    /// The send gate before any relay mutation: waits (at most `sendGate`) until a relay accepts writes.
    static func writablePool(in account: isolated AccountRuntime) async throws(LinkstrError) -> RelayClient {
        let pool = try account.connect()
        if await pool.waitForConnection(until: .now + Self.sendGate, writable: true) { return pool }
        if Task.isCancelled { throw LinkstrError(.failed, "cancelled while waiting for a relay.") }
        recordRelayStatuses(in: account)
        if pool.statuses.values.contains(.readOnly) {
            throw LinkstrError(.failed, "connected relays are read-only; add a writable relay to send.")
        }
        throw LinkstrError(.failed, Self.unreachable(pool, within: Self.sendGate))
    }

    /// Why no relay could be used: every one failed (said at once), or none connected in time.
    static func unreachable(_ pool: RelayClient, within wait: Duration) -> String {
        if pool.everyRelayFailed { return "couldn't reach any relay; try again" + reasons(pool) }
        return "couldn't reach a relay within \(wait); try again" + reasons(pool)
    }

    /// " (url: why; url: why)." for the relays that reported an error, else ".".
    static func reasons(_ pool: RelayClient) -> String {
        let reasons = pool.relayStates().compactMap { state in state.error.map { "\(state.url): \($0)" } }
        return reasons.isEmpty ? "." : " (\(reasons.joined(separator: "; ")))."
    }

    /// Publishes every event at once; succeeds only when each has at least one relay's OK, else fails
    /// with the first refusal. What each relay answered is remembered for `relay list`; the relays
    /// still to answer when every event has its OK are not waited for (their answers are recorded as
    /// they come, see ``listenForLateAnswers(_:)``).
    static func publishAll(_ events: [Event], on pool: RelayClient, in account: isolated AccountRuntime) async throws(LinkstrError) {
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
        recordRelayStatuses(answers: answers, in: account)
        guard let first = failures.first else { return }
        let what = events.count == 1 ? "the relays did not accept the event" : "\(failures.count) of \(events.count) events were not accepted"
        throw LinkstrError(.failed, "\(what): \(first.message)")
    }

    /// How many events one paced publish has in flight.
    static let pacedWindow = 8

    /// Publishes many events at a pace the relays accept, instead of all at once into their rate
    /// limit: `pacedWindow` at a time; the events a relay refused as too many too fast
    /// (`rate-limited:`) go again after a back-off that doubles (0.5 s up to 8 s, starting over once
    /// the relays accept again), until `patience` has passed. Events refused for another reason are
    /// not tried again.
    static func publishPaced(_ events: [Event], on pool: RelayClient, patience: Duration = .seconds(90), in account: isolated AccountRuntime) async -> PacedPublish {
        let deadline = ContinuousClock.now + patience
        var outcome = PacedPublish()
        var queue = events[...]
        var backOff: Duration = .milliseconds(500)
        var answers: [RelayAnswer] = []
        while !queue.isEmpty {
            let round = Array(queue.prefix(Self.pacedWindow))
            queue = queue.dropFirst(round.count)
            let results = await withTaskGroup(of: (Event, Result<PublishResult, PublishError>).self) { group in
                for event in round {
                    group.addTask {
                        do throws(PublishError) {
                            return (event, .success(try await pool.publish(event, timeout: Self.publishTimeout)))
                        } catch {
                            return (event, .failure(error))
                        }
                    }
                }
                var results: [(Event, Result<PublishResult, PublishError>)] = []
                for await result in group { results.append(result) }
                return results
            }
            var limited: [Event] = []
            for (event, result) in results {
                switch result {
                case .success(let published):
                    outcome.published += 1
                    answers += published.answers
                case .failure(let failure) where failure.status == .busy:
                    outcome.rateLimit = failure.message
                    limited.append(event)
                case .failure(let failure):
                    outcome.failures.append(failure)
                    answers += failure.answers
                }
            }
            guard !limited.isEmpty else {
                backOff = .milliseconds(500)
                continue
            }
            // Back in line first, after a pause.
            queue = limited[...] + queue
            guard ContinuousClock.now + backOff < deadline else { break }
            account.host.log.log(.info, "the relays limit how fast events may come; \(queue.count) to publish, waiting \(backOff) before the next")
            try? await Task.sleep(for: backOff)
            backOff = min(backOff * 2, .seconds(8))
        }
        outcome.pending = queue.count
        recordRelayStatuses(answers: answers, in: account)
        return outcome
    }

    /// Remembers for `relay list` what this operation saw of each relay, with the time: its status, and
    /// why it failed, what it answered to a publish it did not accept (`answers`), or that it did not
    /// finish sending its history (`unfinished`). A relay still connecting counts as failed, with the
    /// reason its last attempt gave. A failure to store only costs that memory, so it is logged, not thrown.
    static func recordRelayStatuses(answers: [RelayAnswer] = [], unfinished: Set<String> = [], in account: isolated AccountRuntime) {
        guard let pool = account.pool else { return }
        var refusals: [String: String] = [:]
        for answer in answers where !answer.accepted && !answer.pending && refusals[answer.relay] == nil {
            refusals[answer.relay] = answer.message
        }
        let accepted = Set(answers.filter(\.accepted).map(\.relay))
        let lastErrors = pool.lastErrors
        let now = account.clock()
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
            try account.relays.record(outcomes)
        } catch {
            account.host.log.log(.warn, "cannot remember the relay statuses for `relay list`: \(error)")
        }
    }

    /// Starts recording the answers `pool` passes on after their publish returned.
    static func listenForLateAnswers(_ pool: RelayClient, in account: isolated AccountRuntime) {
        let updates = pool.updates
        account.lateAnswers = Task { [weak account] in
            for await update in updates {
                guard case .lateAnswer(let answer, _) = update, let account else { continue }
                await recordAnswer(answer.relay, accepted: answer.accepted, error: "publish failed: \(answer.message)", at: account.clock(), in: account)
            }
        }
    }

    /// Records one relay's answer that came (or did not) after its operation recorded the relays; a
    /// failure to store only costs that memory, so it is logged.
    static func recordAnswer(_ relay: String, accepted: Bool, error: String, at time: Int64, in account: isolated AccountRuntime) {
        do {
            try account.relays.recordAnswer(relay, accepted: accepted, error: error, at: time)
        } catch {
            account.host.log.log(.warn, "cannot remember the answer of \(relay) for `relay list`: \(error)")
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
