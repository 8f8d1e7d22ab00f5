import Dispatch
import LinkstrPluginKit
import PluginABI

/// A configured notifier that started: its own instance (the dispatcher creates and destroys it),
/// its vtable, what the host reads from its section, the router of its actions if it has any, the
/// thread its `notify` runs on and the gate that keeps calls out once it is being destroyed.
struct ActiveNotifier: Sendable {
    let pluginID: String
    let capability: Capability<lkh_notifier_v1>
    let preferences: NotifierPreferences
    let router: NotificationActionRouter?
    let queue: DispatchQueue
    let gate = NotifierGate()

    init(pluginID: String, capability: Capability<lkh_notifier_v1>, preferences: NotifierPreferences, router: NotificationActionRouter?) {
        self.pluginID = pluginID
        self.capability = capability
        self.preferences = preferences
        self.router = router
        queue = DispatchQueue(label: "linkstr.notify." + pluginID)
    }
}
