import LinkstrPluginKit
import PluginABI

/// A configured notifier that started: its own instance (the dispatcher creates and destroys it),
/// its vtable, what the host reads from its section, and the router of its actions, if it has any.
struct ActiveNotifier: Sendable {
    let pluginID: String
    let capability: Capability<lkh_notifier_v1>
    let preferences: NotifierPreferences
    let router: NotificationActionRouter?
}
