import LinkstrPluginKit
import Synchronization

/// One `publish` call: the event, the relays it goes to, what each of them answered, and the done
/// callback that reports the outcome exactly once.
///
/// When done runs (``PublishOperation/State/completion(timedOut:)``):
/// - every relay has answered (accepted, refused) or dropped → OK when one accepted, else the first
///   refusal;
/// - one relay accepted → OK. With `answersAfterDone` (the host's sink takes `on_publish_answer`) at
///   once: the relays that have the event and have not answered are reported pending, and their
///   answers follow until the timeout; relays not connected by then are reported as not sent. Without
///   it, only once no relay that has the event is still to answer;
/// - the timeout passed → OK when one accepted, else `LKH_E_TIMEOUT`.
///
/// Answers that come while done is running are held and handed out by ``doneReturned()``, so that the
/// host sees every answer after the done that lists it as pending.
///
/// Thread rule: thread-safe. The operation's lock is the innermost lock of the pool (pool → relay →
/// operation); nothing is called while it is held.
final class PublishOperation: Sendable {
    let id: UInt64
    let event: EventSummary
    /// `["EVENT", …]`, built once.
    let frame: String
    let timeout: Duration
    let callback: DoneCallback
    private let state: Mutex<State>

    init(id: UInt64, event: EventSummary, relays: [String], timeout: Duration, answersAfterDone: Bool, callback: DoneCallback) {
        self.id = id
        self.event = event
        self.frame = ClientFrame.event(event.json)
        self.timeout = timeout
        self.callback = callback
        self.state = Mutex(State(relays: relays, timeout: timeout, answersAfterDone: answersAfterDone))
    }

    struct State {
        enum Done {
            case pending
            case running
            case returned
        }

        let relays: [String]
        let timeout: Duration
        let answersAfterDone: Bool
        var targets: [String: PublishTarget]
        /// Relays on which AUTH was already tried for this event: each gets one retry.
        var authRetried: Set<String> = []
        var done = Done.pending
        /// Nothing more is reported: every relay answered after done, the timeout passed, or the
        /// publish was cancelled.
        var over = false
        /// Answers that came while done was running.
        var held: [PublishAnswer] = []
        var timer: Task<Void, Never>?

        init(relays: [String], timeout: Duration, answersAfterDone: Bool) {
            self.relays = relays
            self.timeout = timeout
            self.answersAfterDone = answersAfterDone
            self.targets = Dictionary(uniqueKeysWithValues: relays.map { ($0, .waiting) })
        }
    }

    func target(on relay: String) -> PublishTarget? {
        state.withLock { $0.targets[relay] }
    }

    /// Keeps the timeout task so that the end of the operation can stop it.
    func setTimer(_ task: Task<Void, Never>) {
        let stale = state.withLock { state -> Bool in
            guard !state.over else { return true }
            state.timer = task
            return false
        }
        if stale { task.cancel() }
    }

    /// The frame went out on `relay`.
    func markSent(on relay: String) {
        state.withLock { state in
            guard !state.over, let target = state.targets[relay], !target.isFinal else { return }
            state.targets[relay] = .sent
        }
    }

    /// Starts the one AUTH retry on `relay`. Returns false when it was tried already (the refusal is
    /// then final).
    func beginAuthentication(on relay: String) -> Bool {
        state.withLock { state in
            guard !state.over, state.targets[relay] == .sent, !state.authRetried.contains(relay) else { return false }
            state.authRetried.insert(relay)
            state.targets[relay] = .authenticating
            return true
        }
    }

    /// Records a final answer (or drop) from `relay`.
    func settle(_ relay: String, _ outcome: PublishTarget) -> PublishStep {
        state.withLock { state in
            guard !state.over, let target = state.targets[relay], !target.isFinal else { return .nothing }
            return state.record(relay, outcome)
        }
    }

    /// A connection dropped: a relay that had the event and had not answered is now `dropped`.
    func connectionDropped(_ relay: String, reason: String) -> PublishStep {
        state.withLock { state in
            guard !state.over, let target = state.targets[relay], target.isInFlight else { return .nothing }
            return state.record(relay, .dropped(reason: reason))
        }
    }

    /// The timeout passed: done runs if it has not, and the relays still to answer after it are
    /// reported as not having answered.
    func timeOut() -> PublishStep {
        state.withLock { state in
            guard !state.over else { return .nothing }
            guard state.done == .pending else {
                let silent = state.relays.filter { state.targets[$0]?.isInFlight == true }
                return silent.reduce(into: PublishStep.nothing) { step, relay in
                    let next = state.record(relay, .dropped(reason: "no answer before the timeout"))
                    step.answers += next.answers
                    step.isOver = step.isOver || next.isOver
                }
            }
            return PublishStep(completion: state.completion(timedOut: true))
        }
    }

    /// Ends the operation: done runs with `LKH_E_CANCELLED` unless it ran already, and no answer is
    /// reported after it.
    func cancel(reason: String) -> PublishStep {
        state.withLock { state in
            guard !state.over else { return .nothing }
            state.over = true
            state.held = []
            state.timer?.cancel()
            guard state.done == .pending else { return PublishStep(isOver: state.done == .returned) }
            state.done = .running
            return PublishStep(completion: PublishCompletion(status: .cancelled, message: reason, result: state.resultJSON(timedOut: false)))
        }
    }

    /// Done has returned: the answers held meanwhile, and whether the operation is over.
    func doneReturned() -> PublishStep {
        state.withLock { state in
            state.done = .returned
            defer { state.held = [] }
            return PublishStep(answers: state.held, isOver: state.over)
        }
    }
}

extension PublishOperation.State {
    /// Applies one relay's final outcome: before done it may complete the operation; after done it is
    /// an answer for the host (held while done runs).
    mutating func record(_ relay: String, _ outcome: PublishTarget) -> PublishStep {
        targets[relay] = outcome
        switch done {
        case .pending:
            return PublishStep(completion: completion(timedOut: false))
        case .running, .returned:
            let answer = PublishAnswer(relay: relay, accepted: outcome.isAccepted, message: Self.describe(outcome, timedOut: false))
            let finished = !relays.contains { targets[$0]?.isInFlight == true }
            if finished {
                over = true
                timer?.cancel()
            }
            guard done == .returned else {
                held.append(answer)
                return .nothing
            }
            return PublishStep(answers: [answer], isOver: finished)
        }
    }
}
