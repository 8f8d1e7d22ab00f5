import PluginABI

/// One notification, the Swift form of `lkh_notification`: the host lends it to a notifier for one
/// call (``lending(_:)``), and a notifier copies the host's borrowed one (``init(copying:)``) so that it
/// can travel to the thread that delivers it.
///
/// `url`, `note`, `sender` and `emoji` are present only when the user let this notifier see the
/// content (`include_content = true`); `deepLink` too, because a linkstr deep link carries the URL.
public struct NotificationMessage: Equatable, Sendable {
    public var id: String
    public var kind: NotificationKind
    public var title: String
    public var body: String
    public var session: String?
    public var deepLink: String?
    public var url: String?
    public var note: String?
    public var sender: String?
    public var emoji: String?
    /// Seconds since the Unix epoch.
    public var createdAt: Int64

    public init(
        id: String, kind: NotificationKind, title: String, body: String, session: String? = nil,
        deepLink: String? = nil, url: String? = nil, note: String? = nil, sender: String? = nil,
        emoji: String? = nil, createdAt: Int64
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.session = session
        self.deepLink = deepLink
        self.url = url
        self.note = note
        self.sender = sender
        self.emoji = emoji
        self.createdAt = createdAt
    }

    /// Copies a notification the host passed to `notify`.
    ///
    /// - Throws: `.invalid` when the pointer is NULL, the struct is shorter than ABI 1.0's, or `id`,
    ///   `title` or `body` is missing.
    public init(copying notification: UnsafePointer<lkh_notification>?) throws(PluginError) {
        guard let notification else { throw PluginError(.invalid, "notify was called without a notification") }
        let size = notification.pointee.struct_size
        guard StructSize.contains(size, \lkh_notification.created_at) else {
            throw PluginError(
                .invalid,
                "the notification struct has \(size) bytes, fewer than the \(MemoryLayout<lkh_notification>.size) of ABI 1.0")
        }
        let c = notification.pointee
        guard let id = c.id.map({ String(cString: $0) }), !id.isEmpty else {
            throw PluginError(.invalid, "the notification has no id")
        }
        guard let title = c.title.map({ String(cString: $0) }), let body = c.body.map({ String(cString: $0) }) else {
            throw PluginError(.invalid, "notification \(id) has no title or no body")
        }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        self.init(
            id: id, kind: NotificationKind(abiValue: c.kind), title: title, body: body, session: text(c.session),
            deepLink: text(c.deep_link), url: text(c.url), note: text(c.note), sender: text(c.sender),
            emoji: text(c.emoji), createdAt: c.created_at)
    }
}
