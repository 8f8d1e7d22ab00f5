/// One thing to tell the user about, as the engine decides it (which events notify is the engine's
/// business; how and where is the dispatcher's).
///
/// `senderName`, `url`, `note`, `emoji` and `deepLink` are content: a notifier sees them only when
/// its section sets `include_content = true`. The session name is part of the generic text where
/// the notifier sees it (`include_session`).
public struct NotificationRequest: Equatable, Sendable {
    /// Stable and unique per event (the rumor id): a request with an id already delivered is dropped,
    /// also after a restart.
    public var id: String
    public var kind: NotificationKind
    public var sessionName: String?
    public var senderName: String?
    /// The shared link (for a reaction, the link of the post reacted to).
    public var url: String?
    public var note: String?
    /// The reaction's emoji.
    public var emoji: String?
    /// Seconds since the Unix epoch.
    public var createdAt: Int64
    /// `linkstr://open?p=…`, which opens the post (it carries the URL, so it counts as content).
    public var deepLink: String?

    public init(
        id: String, kind: NotificationKind, sessionName: String? = nil, senderName: String? = nil, url: String? = nil,
        note: String? = nil, emoji: String? = nil, createdAt: Int64, deepLink: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.sessionName = sessionName
        self.senderName = senderName
        self.url = url
        self.note = note
        self.emoji = emoji
        self.createdAt = createdAt
        self.deepLink = deepLink
    }
}
