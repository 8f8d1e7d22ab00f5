import Dispatch
import LinkstrHost
import LinkstrPluginKit
import PluginABI

/// One `notify` call through the ABI, awaited through a ``PluginCall``: at most `deadline`, its
/// starting function run on `queue` (a notifier whose `notify` blocks holds that thread, not the
/// host's), and only while `gate` is open.
enum NotifierCall {
    static func notify(
        _ notifier: Capability<lkh_notifier_v1>, _ request: NotificationRequest, includeContent: Bool, includeSession: Bool,
        deadline: Duration, log: HostLog, queue: DispatchQueue? = nil, gate: NotifierGate = NotifierGate()
    ) async -> Result<Void, PluginError> {
        guard let notify = notifier.vtable.pointee.notify else {
            return .failure(PluginError(.unsupported, "plugin '\(notifier.pluginID)' has no notify function"))
        }
        let call = PluginCall(
            pluginID: notifier.pluginID, function: "notify", role: "notifier '\(notifier.pluginID)'", deadline: deadline, log: log)
        do {
            _ = try await call.run(on: queue, cancel: { operation in notifier.vtable.pointee.cancel?(notifier.rawInstance, operation) }) {
                userData, done, _, operationID, error in
                guard gate.enter() else {
                    LKHErrorSlot.write(error, .cancelled, "the notification dispatcher is stopped")
                    return LKH_E_CANCELLED
                }
                defer { gate.leave() }
                return CNotification.with(request, includeContent: includeContent, includeSession: includeSession) { notification in
                    notify(notifier.rawInstance, notification, done, userData, operationID, error)
                }
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
