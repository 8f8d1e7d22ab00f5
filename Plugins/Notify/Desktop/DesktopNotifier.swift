import LinkstrPluginKit
import NotifierKit

/// Shows notifications through the freedesktop notification server (`org.freedesktop.Notifications`
/// on the session D-Bus) and reports clicks on "Open" to the host's action handler.
///
/// No bus or no server is not an error at start: `probe` says "not available" and each delivery
/// tries again (the user may log in to a desktop later).
///
/// Thread rules: those of `Notifier`; the action handler is called on the plugin's bus thread.
final class DesktopNotifier: ActionNotifier {
    static let pluginID = "org.linkstr.notify.desktop"

    private let host: PluginHost
    private let actions = ActionHandlerSlot()
    private let bus: NotificationBus

    init(host: PluginHost) throws(PluginError) {
        self.host = host
        let settings = try DesktopSettings(PluginSettings(host: host, pluginID: Self.pluginID))
        bus = try NotificationBus(settings: settings, host: host, actions: actions)
    }

    func probe() throws(PluginError) {
        let server = try bus.probe()
        host.log(.info, "notification server: \(server)")
    }

    func deliver(_ message: NotificationMessage, cancellation: DeliveryCancellation) throws(PluginError) {
        try bus.notify(message, cancellation: cancellation)
    }

    func setActionHandler(_ handler: NotificationActionHandler?) {
        actions.set(handler)
    }

    func shutdown() {
        bus.stop()
    }
}
