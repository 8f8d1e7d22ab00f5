import Synchronization

/// Keeps a site from flooding the person with questions: at most one question per site (origin)
/// waits for an answer at a time, and a site whose question went unanswered (the prompt timed out,
/// or nobody could be asked) is refused without asking for `quietPeriod`.
public final class BrowserPromptGate: Sendable {
    /// How long an unanswered site is refused without a question.
    public static let defaultQuietPeriod: Duration = .seconds(600)

    private struct State {
        var asking: Set<String> = []
        var quietUntil: [String: ContinuousClock.Instant] = [:]
    }

    public let quietPeriod: Duration
    private let state = Mutex(State())

    public init(quietPeriod: Duration = defaultQuietPeriod) {
        self.quietPeriod = quietPeriod
    }

    /// Why `origin` may not be asked now, or nil after marking it as being asked (then `finish`).
    func begin(_ origin: String) -> String? {
        state.withLock { state in
            if let until = state.quietUntil[origin] {
                if until > .now {
                    let minutes = max(1, Int(((until - .now).components.seconds + 59) / 60))
                    return "its last question went unanswered, so it is not asked again for \(minutes) minute\(minutes == 1 ? "" : "s")"
                }
                state.quietUntil[origin] = nil
            }
            guard state.asking.insert(origin).inserted else { return "a question from it is already waiting for your answer" }
            return nil
        }
    }

    /// Ends the question `begin` allowed; `answered` false starts the quiet period.
    func finish(_ origin: String, answered: Bool) {
        state.withLock { state in
            state.asking.remove(origin)
            if !answered { state.quietUntil[origin] = .now + quietPeriod }
        }
    }
}
