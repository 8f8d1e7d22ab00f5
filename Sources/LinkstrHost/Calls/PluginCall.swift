import Dispatch
import LinkstrPluginKit
import PluginABI

/// One asynchronous call into a plugin (`notify`, `resolve`, `fetch_metadata`, `extract`) awaited
/// from Swift, whatever the plugin does with it: the host stops waiting at `deadline`, or when the
/// awaiting task is cancelled (after asking the plugin to `cancel`, at once or after `cancelGrace`), a second `done` or an error return
/// after `done` is ignored and logged with the plugin's id, and a `done` that comes after the host
/// stopped waiting finds nothing to free. The call's `user_data` is a number, not a pointer, for
/// that reason (see ``PluginCallTable``).
///
/// Thread rule: thread-safe; `done` and `progress` may come on any thread, even before the starting
/// function returns.
public struct PluginCall: Sendable {
    /// The plugin called, for messages and the log.
    public let pluginID: String
    /// The function called, e.g. "notify" or "resolve".
    public let function: String
    /// How the plugin is named in a timeout message, e.g. "notifier 'org.example.push'".
    public let role: String
    /// How long the host waits for `done` after starting; nil: until the task is cancelled.
    public let deadline: Duration?
    /// How long a cancelled call waits for the plugin's `done` after asking it to cancel (an
    /// extraction removes its files first); zero: not at all.
    public let cancelGrace: Duration
    let log: HostLog

    public init(pluginID: String, function: String, role: String, deadline: Duration?, cancelGrace: Duration = .zero, log: HostLog) {
        self.pluginID = pluginID
        self.function = function
        self.role = role
        self.deadline = deadline
        self.cancelGrace = cancelGrace
        self.log = log
    }

    /// Starts the call: fills the operation id and the error slot, returns the plugin's status.
    public typealias Start = @Sendable (
        _ userData: UnsafeMutableRawPointer, _ done: lkh_done_fn, _ progress: lkh_progress_fn,
        _ operationID: UnsafeMutablePointer<UInt64>, _ error: UnsafeMutablePointer<lkh_error>
    ) -> lkh_status

    /// Starts the call with `start` — on `queue` when given, so that a starting function that blocks
    /// holds none of the task's threads — and waits for its result bytes, at most `deadline`.
    ///
    /// - Parameters:
    ///   - cancel: the plugin's best-effort cancel, called with the operation id when the host stops
    ///     waiting before `done`.
    ///   - progress: (done bytes, total or -1), from any thread.
    /// - Throws: the plugin's failure; `.timeout` ("… did not answer in N s; skipped") at the
    ///   deadline; `.cancelled` when the task was cancelled.
    public func run(
        on queue: DispatchQueue? = nil, progress: (@Sendable (Int64, Int64) -> Void)? = nil,
        cancel: (@Sendable (UInt64) -> Void)?, start: @escaping Start
    ) async throws(PluginError) -> [UInt8] {
        let table = PluginCallTable.shared
        let token = table.reserve(self, progress: progress, cancel: cancel)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard table.wait(token, continuation) else { return }
                if let deadline {
                    DispatchQueue.global().asyncAfter(deadline: .now() + deadline.dispatchInterval) {
                        table.expire(token, PluginError(.timeout, "\(role) did not answer in \(Self.text(deadline)); skipped"))
                    }
                }
                let call: @Sendable () -> Void = {
                    var operation: UInt64 = 0
                    var error = LKHErrorSlot.make()
                    let status = start(PluginCallTable.userData(token), PluginCallTable.done, PluginCallTable.progress, &operation, &error)
                    table.started(token, status: status, operationID: operation, error: &error)
                }
                if let queue { queue.async(execute: call) } else { call() }
            }
        } onCancel: {
            let failure = PluginError(.cancelled, "\(role): \(function) cancelled")
            if cancelGrace == .zero {
                table.expire(token, failure)
            } else {
                table.cancel(token, grace: cancelGrace, failure)
            }
        }
        return try result.get()
    }

    /// "10 s", "2.5 s", "300 ms".
    public static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
