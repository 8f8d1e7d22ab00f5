import LinkstrPluginKit
import PluginABI

/// One `notify` call through the ABI, awaited: the continuation travels as the call's `user_data`
/// and is resumed by `done` (from any thread), or at once when `notify` itself fails.
enum NotifierCall {
    /// - Parameter callReturned: runs as soon as the plugin's `notify` function has returned (the
    ///   delivery may go on), before the wait for `done`.
    static func notify(
        _ notifier: Capability<lkh_notifier_v1>, _ request: NotificationRequest, includeContent: Bool, includeSession: Bool,
        callReturned: () -> Void
    ) async -> Result<Void, PluginError> {
        guard let notify = notifier.vtable.pointee.notify else {
            callReturned()
            return .failure(PluginError(.unsupported, "plugin '\(notifier.pluginID)' has no notify function"))
        }
        return await withCheckedContinuation { continuation in
            let waiter = Unmanaged.passRetained(NotifierCallWaiter(continuation)).toOpaque()
            var operationID: UInt64 = 0
            var error = LKHErrorSlot.make()
            let status = CNotification.with(request, includeContent: includeContent, includeSession: includeSession) { notification in
                notify(notifier.rawInstance, notification, notificationDone, waiter, &operationID, &error)
            }
            callReturned()
            if status != LKH_OK {
                // `done` never runs when notify fails: take the reference back here.
                Unmanaged<NotifierCallWaiter>.fromOpaque(waiter).takeRetainedValue()
                    .resume(.failure(PluginError(status: status, error: &error)))
            }
        }
    }
}

/// The `done` of every notify call; `userData` is a retained `NotifierCallWaiter`.
private let notificationDone: lkh_done_fn = { userData, status, error, result in
    _ = OwnedBytes.take(result)
    guard let userData else { return }
    let waiter = Unmanaged<NotifierCallWaiter>.fromOpaque(userData).takeRetainedValue()
    waiter.resume(status == LKH_OK ? .success(()) : .failure(PluginError(status: status, error: error)))
}
