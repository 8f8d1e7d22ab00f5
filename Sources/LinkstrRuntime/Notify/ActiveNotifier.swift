import LinkstrHost

/// A configured notifier that started: its own instance (the dispatcher creates and destroys it),
/// what the host reads from its section, and the router of its actions if it has any.
struct ActiveNotifier: Sendable {
    let plugin: NotifierPlugin
    let preferences: NotifierPreferences
    let router: NotificationActionRouter?

    var pluginID: String { plugin.pluginID }
}
