import LinkstrHost

/// What a notification is about.
public enum NotificationKind: String, Sendable {
    /// A new root post from someone else.
    case post
    /// Someone else's reaction became active.
    case reaction
    /// `linkstr notify test`.
    case test
    /// A link was saved where no terminal shows it (`linkstr save --quiet`).
    case saved
    /// A link could not be saved where no terminal shows why.
    case notSaved
    /// A web site asks to use the account through the browser extension: the note is the question,
    /// answered with the "allow" or "deny" action.
    case permission
    /// linkstr is locked and new items wait unopened: the note says how many.
    case locked
    /// A `linkstr://save` link opened by the desktop (a web page can open one) asks before it
    /// saves: the note is the link and its tags, answered with "allow" (save) or "deny".
    case saveQuestion

    /// Whether it tells of an event, sent at most once (tests and feedback are sent each time).
    var isEvent: Bool { self == .post || self == .reaction }

    /// The kind a notifier plugin is told.
    var pluginKind: PluginNotificationKind {
        switch self {
        case .post: .post
        case .reaction: .reaction
        case .test: .test
        case .saved, .notSaved: .saved
        case .permission, .saveQuestion: .permission
        case .locked: .locked
        }
    }
}
