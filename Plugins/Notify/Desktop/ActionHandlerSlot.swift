import NotifierKit
import Synchronization

/// The action handler the host installed, shared between the control thread (which sets it) and the
/// bus thread (which calls it). Thread-safe; the handler is called outside the lock.
final class ActionHandlerSlot: Sendable {
    private let handler = Mutex<NotificationActionHandler?>(nil)

    func set(_ newHandler: NotificationActionHandler?) {
        handler.withLock { $0 = newHandler }
    }

    /// Reports an action to the host, if it asked to hear about them.
    func report(notificationID: String, actionKey: String) {
        handler.withLock { $0 }?(notificationID: notificationID, actionKey: actionKey)
    }
}
