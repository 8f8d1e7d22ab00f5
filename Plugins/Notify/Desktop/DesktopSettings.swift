import LinkstrPluginKit
import NotifierKit

/// The desktop notifier's settings, from `[plugins."org.linkstr.notify.desktop"]`:
///
/// ```toml
/// icon = "video-x-generic"     # an icon name of the theme, or an absolute path
/// urgency = "normal"           # low, normal or critical
/// expire_timeout_ms = -1       # -1: the server decides; 0: until dismissed
/// timeout_seconds = 5          # how long to wait for the notification server
/// bus_address = "unix:path=/run/user/1000/bus"   # default: the session bus
/// ```
struct DesktopSettings: Sendable {
    var icon = "video-x-generic"
    var urgency = NotificationUrgency.normal
    var expireTimeoutMilliseconds: Int32 = -1
    var timeoutSeconds = 5.0
    /// A D-Bus address to use instead of the session bus (`$DBUS_SESSION_BUS_ADDRESS`, or
    /// `$XDG_RUNTIME_DIR/bus`).
    var busAddress: String?

    init(_ settings: PluginSettings) throws(PluginError) {
        if let icon = settings.string("icon") { self.icon = icon }
        if let name = settings.string("urgency") {
            guard let urgency = NotificationUrgency(name: name) else {
                throw PluginError(.invalid, "setting 'urgency' of \(settings.section) must be low, normal or critical, not '\(name)'")
            }
            self.urgency = urgency
        }
        expireTimeoutMilliseconds = Int32(try settings.integer("expire_timeout_ms", default: -1, range: -1...86_400_000))
        timeoutSeconds = try settings.seconds("timeout_seconds", default: 5, range: 0.1...120)
        busAddress = settings.string("bus_address")
    }
}
