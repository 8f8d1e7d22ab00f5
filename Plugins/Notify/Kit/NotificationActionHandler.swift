import PluginABI

/// The host's `lkh_notification_action_fn` and its context, carried to the thread that reports
/// actions. The ABI declares the function `[any-thread]`; the context is the host's business.
public struct NotificationActionHandler: @unchecked Sendable {
    let function: lkh_notification_action_fn
    let context: UnsafeMutableRawPointer?

    public init(function: lkh_notification_action_fn, context: UnsafeMutableRawPointer?) {
        self.function = function
        self.context = context
    }

    /// Tells the host that the user chose `actionKey` (e.g. "default", "open") on a notification.
    public func callAsFunction(notificationID: String, actionKey: String) {
        function(context, notificationID, actionKey)
    }
}
