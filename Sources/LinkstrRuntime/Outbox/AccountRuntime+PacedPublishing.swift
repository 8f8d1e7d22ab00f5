import LinkstrHost
import NostrCore

extension AccountRuntime {
    /// What ``publishPaced(_:on:patience:)`` got through.
    struct PacedPublish {
        var published = 0
        /// Refused as too many too fast until the patience ran out: not published yet.
        var pending = 0
        /// The relays' last `rate-limited:` answer.
        var rateLimit: String?
        /// Refused for another reason (not tried again).
        var failures: [PublishError] = []
    }

    /// How many events one paced publish has in flight.
    static let pacedWindow = 8

    /// Publishes many events at a pace the relays accept, instead of all at once into their rate
    /// limit: `pacedWindow` at a time; the events a relay refused as too many too fast
    /// (`rate-limited:`) go again after a back-off that doubles (0.5 s up to 8 s, starting over once
    /// the relays accept again), until `patience` has passed. Events refused for another reason are
    /// not tried again.
    func publishPaced(_ events: [Event], on pool: RelayPool, patience: Duration = .seconds(90)) async -> PacedPublish {
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
            host.log.log(.info, "the relays limit how fast events may come; \(queue.count) to publish, waiting \(backOff) before the next")
            try? await Task.sleep(for: backOff)
            backOff = min(backOff * 2, .seconds(8))
        }
        outcome.pending = queue.count
        recordRelayStatuses(answers: answers)
        return outcome
    }
}
