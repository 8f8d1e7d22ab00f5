/// Told of a click on a notification or on one of its buttons, on the notifier's own thread.
public protocol NotificationActionHandler: AnyObject, Sendable {
    func handle(notificationID: String, actionKey: String)
}
