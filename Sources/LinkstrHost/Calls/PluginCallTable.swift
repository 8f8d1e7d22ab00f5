import Dispatch
import LinkstrPluginKit
import PluginABI
import Synchronization

/// The asynchronous plugin calls in progress, and the last few thousand finished, by number: a
/// call's `user_data` is its number, so a `done` the host no longer waits for (a second one, one
/// after the deadline) is recognised and logged instead of touching freed memory. Each call's
/// continuation is resumed exactly once, by whichever comes first: `done`, the starting function's
/// error, the deadline or a cancel.
///
/// Thread rule: thread-safe; the plugin's functions (`cancel`) and the log are called outside the lock.
final class PluginCallTable: Sendable {
    static let shared = PluginCallTable()

    typealias Outcome = Result<[UInt8], PluginError>
    typealias Progress = @Sendable (Int64, Int64) -> Void
    typealias Cancel = @Sendable (UInt64) -> Void

    private struct Pending {
        let call: PluginCall
        let progress: Progress?
        let cancel: Cancel?
        var continuation: CheckedContinuation<Outcome, Never>?
        /// An outcome that came before the waiter (a task cancelled before the call started).
        var early: Outcome?
        var operationID: UInt64?
        /// The waiting task was cancelled: the plugin's `cancel` is due once the operation id is known.
        var cancelRequested = false
    }

    /// How a call ended for the host.
    private enum Ending {
        /// By `done`.
        case answered
        /// The starting function returned an error.
        case refused
        /// The host stopped waiting (deadline or cancel).
        case abandoned
    }

    private struct Finished {
        let call: PluginCall
        let cancel: Cancel?
        let ending: Ending
    }

    private struct State {
        var next: UInt64 = 1
        var pending: [UInt64: Pending] = [:]
        var finished: [UInt64: Finished] = [:]
        var finishedOrder: [UInt64] = []
        /// "<plugin> <function> <misuse>" already logged.
        var reported: Set<String> = []
    }

    /// How many finished calls are remembered for naming a late or repeated `done`.
    private static let remembered = 4096

    private let state = Mutex(State())

    static func userData(_ token: UInt64) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: UInt(token))!
    }

    private static func token(_ userData: UnsafeMutableRawPointer?) -> UInt64 {
        UInt64(UInt(bitPattern: userData))
    }

    func reserve(_ call: PluginCall, progress: Progress?, cancel: Cancel?) -> UInt64 {
        state.withLock { state in
            let token = state.next
            state.next += 1
            state.pending[token] = Pending(call: call, progress: progress, cancel: cancel)
            return token
        }
    }

    /// Installs the waiter; resumes it at once when the call already ended (then returns false: the
    /// plugin is not to be called).
    func wait(_ token: UInt64, _ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
        let early = state.withLock { state -> Outcome? in
            guard let early = state.pending[token]?.early else {
                state.pending[token]?.continuation = continuation
                return nil
            }
            state.pending[token] = nil
            return early
        }
        guard let early else { return true }
        continuation.resume(returning: early)
        return false
    }

    /// The starting function returned `status` (with `operationID` when OK).
    func started(_ token: UInt64, status: lkh_status, operationID: UInt64, error: UnsafeMutablePointer<lkh_error>) {
        if status == LKH_OK {
            let cancelNow = state.withLock { state -> Cancel? in
                if let pending = state.pending[token] {
                    state.pending[token]?.operationID = operationID
                    return pending.cancelRequested ? pending.cancel : nil
                }
                // The host stopped waiting while the function ran: the operation goes.
                guard let finished = state.finished[token], finished.ending == .abandoned else { return nil }
                return finished.cancel
            }
            cancelNow?(operationID)
            return
        }
        let failure = PluginError(status: status, error: error)
        if case .endedBefore(let misuse?) = end(token, .refused, .failure(failure)), misuse.ending == .answered {
            report(misuse, "returned an error from \(misuse.call.function) after calling done (\(failure)); the error is ignored")
        }
    }

    /// The host stops waiting: the waiter gets `failure` and the plugin is asked to cancel.
    func expire(_ token: UInt64, _ failure: PluginError) {
        guard case .ended(let pending) = end(token, .abandoned, .failure(failure)), let operationID = pending.operationID else { return }
        pending.cancel?(operationID)
    }

    /// The waiting task was cancelled: asks the plugin to cancel (now, or once the starting function
    /// returned the operation id) and waits `grace` for its `done` (with LKH_E_CANCELLED, after it
    /// cleaned up), then stops waiting with `failure`.
    func cancel(_ token: UInt64, grace: Duration, _ failure: PluginError) {
        let found = state.withLock { state -> (cancel: Cancel?, operationID: UInt64?)? in
            guard state.pending[token] != nil else { return nil }
            state.pending[token]?.cancelRequested = true
            return (state.pending[token]?.cancel, state.pending[token]?.operationID)
        }
        guard let found else { return }
        if let operationID = found.operationID { found.cancel?(operationID) }
        DispatchQueue.global().asyncAfter(deadline: .now() + grace.dispatchInterval) { self.expire(token, failure) }
    }

    /// What `end` found.
    private enum EndingResult {
        /// The call was waiting; now it has its outcome.
        case ended(Pending)
        /// The call had ended before (nil: so long ago that it is forgotten).
        case endedBefore(Finished?)
    }

    /// Ends a pending call with `outcome`.
    private func end(_ token: UInt64, _ ending: Ending, _ outcome: Outcome) -> EndingResult {
        let (waiter, result) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, EndingResult) in
            guard var pending = state.pending[token], pending.early == nil else { return (nil, .endedBefore(state.finished[token])) }
            if pending.continuation == nil {
                pending.early = outcome
                state.pending[token] = pending
            } else {
                state.pending[token] = nil
            }
            state.finished[token] = Finished(call: pending.call, cancel: pending.cancel, ending: ending)
            state.finishedOrder.append(token)
            if state.finishedOrder.count > 2 * Self.remembered {
                for old in state.finishedOrder.prefix(Self.remembered) { state.finished[old] = nil }
                state.finishedOrder.removeFirst(Self.remembered)
            }
            return (pending.continuation, .ended(pending))
        }
        waiter?.resume(returning: outcome)
        return result
    }

    private func answer(_ token: UInt64, _ outcome: Outcome) {
        guard case .endedBefore(let finished?) = end(token, .answered, outcome) else { return }
        let function = finished.call.function
        switch finished.ending {
        case .answered: report(finished, "called done twice for one \(function) call; the second is ignored")
        case .refused: report(finished, "called done after \(function) returned an error; ignored")
        case .abandoned: report(finished, "answered \(function) after the host stopped waiting; the answer is ignored", level: .info)
        }
    }

    /// Logs a misuse once per plugin, function and kind of misuse.
    private func report(_ finished: Finished, _ message: String, level: PluginHost.LogLevel = .warn) {
        let call = finished.call
        guard state.withLock({ $0.reported.insert("\(call.pluginID) \(call.function) \(message)").inserted }) else { return }
        call.log.log(level, "plugin '\(call.pluginID)' \(message)", source: call.pluginID)
    }

    static let done: lkh_done_fn = { userData, status, error, result in
        let bytes = OwnedBytes.take(result)
        let outcome: Outcome = status == LKH_OK ? .success(bytes) : .failure(PluginError(status: status, error: error))
        shared.answer(token(userData), outcome)
    }

    static let progress: lkh_progress_fn = { userData, done, total in
        let number = token(userData)
        shared.state.withLock { $0.pending[number]?.progress }?(done, total)
    }
}
