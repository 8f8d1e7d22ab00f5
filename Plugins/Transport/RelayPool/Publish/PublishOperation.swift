import Synchronization

/// One `publish` call: the event, the relays it goes to, what each of them answered, and the done
/// callback that reports the outcome exactly once.
///
/// Completion rules (``PublishOperation/State/completion(timedOut:)``):
/// - every relay has answered (accepted, refused) or dropped → done: OK when one accepted, else the
///   first refusal;
/// - one relay accepted and no relay that has the event is still to answer → done with OK (relays
///   that were not connected are reported as "not sent");
/// - the timeout passed → OK when one accepted, else `LKH_E_TIMEOUT`.
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

    init(id: UInt64, event: EventSummary, relays: [String], timeout: Duration, callback: DoneCallback) {
        self.id = id
        self.event = event
        self.frame = ClientFrame.event(event.json)
        self.timeout = timeout
        self.callback = callback
        self.state = Mutex(State(relays: relays, timeout: timeout))
    }

    struct State {
        let relays: [String]
        let timeout: Duration
        var targets: [String: PublishTarget]
        /// Relays on which AUTH was already tried for this event: each gets one retry.
        var authRetried: Set<String> = []
        var finished = false
        var timer: Task<Void, Never>?

        init(relays: [String], timeout: Duration) {
            self.relays = relays
            self.timeout = timeout
            self.targets = Dictionary(uniqueKeysWithValues: relays.map { ($0, .waiting) })
        }
    }

    func target(on relay: String) -> PublishTarget? {
        state.withLock { $0.targets[relay] }
    }

    /// Keeps the timeout task so that completion can stop it.
    func setTimer(_ task: Task<Void, Never>) {
        let stale = state.withLock { state -> Bool in
            guard !state.finished else { return true }
            state.timer = task
            return false
        }
        if stale { task.cancel() }
    }

    /// The frame went out on `relay`.
    func markSent(on relay: String) {
        state.withLock { state in
            guard !state.finished, let target = state.targets[relay], !target.isFinal else { return }
            state.targets[relay] = .sent
        }
    }

    /// Starts the one AUTH retry on `relay`. Returns false when it was tried already (the refusal is
    /// then final).
    func beginAuthentication(on relay: String) -> Bool {
        state.withLock { state in
            guard !state.finished, state.targets[relay] == .sent, !state.authRetried.contains(relay) else { return false }
            state.authRetried.insert(relay)
            state.targets[relay] = .authenticating
            return true
        }
    }

    /// Records a final answer (or drop) from `relay`; returns the completion when this settles the
    /// operation.
    func settle(_ relay: String, _ outcome: PublishTarget) -> PublishCompletion? {
        state.withLock { state in
            guard !state.finished, let target = state.targets[relay], !target.isFinal else { return nil }
            state.targets[relay] = outcome
            return state.completion(timedOut: false)
        }
    }

    /// A connection dropped: a relay that had the event and had not answered is now `dropped`.
    func connectionDropped(_ relay: String, reason: String) -> PublishCompletion? {
        state.withLock { state in
            guard !state.finished, let target = state.targets[relay], target.isInFlight else { return nil }
            state.targets[relay] = .dropped(reason: reason)
            return state.completion(timedOut: false)
        }
    }

    /// The timeout passed.
    func timeOut() -> PublishCompletion? {
        state.withLock { $0.completion(timedOut: true) }
    }

    /// Ends the operation with `LKH_E_CANCELLED` unless it ended already.
    func cancel(reason: String) -> PublishCompletion? {
        state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            state.timer?.cancel()
            return PublishCompletion(status: .cancelled, message: reason, result: state.resultJSON(timedOut: false))
        }
    }
}
