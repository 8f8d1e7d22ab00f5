import LinkstrEngine
import LinkstrHost
import NostrCore

extension AccountRuntime {
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
    func listenForLateAnswers(_ pool: RelayPool) {
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
