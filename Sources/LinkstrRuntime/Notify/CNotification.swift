import Glibc
import PluginABI

/// Lends a notifier an `lkh_notification` for one call: the strings are copied into C memory that
/// lives until `body` returns (the ABI lets the plugin borrow them only for the call).
enum CNotification {
    static func with<Result>(
        _ request: NotificationRequest, includeContent: Bool, includeSession: Bool, _ body: (UnsafePointer<lkh_notification>) -> Result
    ) -> Result {
        var copies: [UnsafeMutablePointer<CChar>] = []
        defer { copies.forEach { free($0) } }
        func c(_ string: String?) -> UnsafePointer<CChar>? {
            guard let string, let copy = strdup(string) else { return nil }
            copies.append(copy)
            return UnsafePointer(copy)
        }
        let text = request.text(includingContent: includeContent, includingSession: includeSession)
        var notification = lkh_notification()
        notification.struct_size = UInt32(MemoryLayout<lkh_notification>.size)
        notification.id = c(request.id)
        notification.kind = request.kind.abiValue
        notification.title = c(text.title)
        notification.body = c(text.body)
        if includeSession { notification.session = c(request.sessionName) }
        notification.created_at = request.createdAt
        if includeContent {
            notification.deep_link = c(request.deepLink)
            notification.url = c(request.url)
            notification.note = c(request.note)
            notification.sender = c(request.senderName)
            notification.emoji = c(request.emoji)
        }
        return body(&notification)
    }
}
