import LinkstrPluginKit

/// One way of delivering notifications (a desktop server, an HTTP endpoint, a program), behind the
/// ABI's `lkh_notifier_v1` table that `NotifierVTable` builds.
///
/// Thread rules: `probe` is called on the host's control thread; `deliver` runs on a thread of its own
/// per notification, possibly several at once; `shutdown` runs once, in `destroy`, after every
/// delivery has returned.
public protocol Notifier: AnyObject, Sendable {
    /// Checks that notifications can be delivered now. Throws `.unavailable` with a reason when the
    /// server or program is not there (the host logs a warning and keeps going).
    func probe() throws(PluginError)

    /// Delivers one notification and returns when it is delivered or has failed. Blocking is fine.
    /// Gives up soon after `cancellation` fires (the caller then reports `LKH_E_CANCELLED`).
    func deliver(_ message: NotificationMessage, cancellation: DeliveryCancellation) throws(PluginError)

    /// Stops the notifier's own threads and releases its resources.
    func shutdown()
}
