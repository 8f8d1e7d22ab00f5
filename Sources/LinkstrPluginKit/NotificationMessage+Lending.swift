import Glibc
import PluginABI

extension NotificationMessage {
    /// Lends the notification as an `lkh_notification` for one call: the strings are copied into C
    /// memory that lives until `call` returns (the ABI lets the plugin borrow them only for the call).
    public func lending<Result>(_ call: (UnsafePointer<lkh_notification>) -> Result) -> Result {
        var copies: [UnsafeMutablePointer<CChar>] = []
        defer { copies.forEach { free($0) } }
        func c(_ string: String?) -> UnsafePointer<CChar>? {
            guard let string, let copy = strdup(string) else { return nil }
            copies.append(copy)
            return UnsafePointer(copy)
        }
        var notification = lkh_notification()
        notification.struct_size = UInt32(MemoryLayout<lkh_notification>.size)
        notification.id = c(id)
        notification.kind = kind.abiValue
        notification.title = c(title)
        notification.body = c(body)
        notification.session = c(session)
        notification.created_at = createdAt
        notification.deep_link = c(deepLink)
        notification.url = c(url)
        notification.note = c(note)
        notification.sender = c(sender)
        notification.emoji = c(emoji)
        return call(&notification)
    }
}
