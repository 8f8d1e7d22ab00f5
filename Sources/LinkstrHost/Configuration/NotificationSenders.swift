/// Whose live posts and reactions notify (`[notify] from = "…"` in config.toml). Either way only
/// members of the session get through the engine; this narrows it further.
public enum NotificationSenders: String, Equatable, Sendable, CaseIterable {
    /// Anyone in a session with you (the default: a session's members were chosen by its creator).
    case members
    /// Only your contacts (your follow list): a stranger who puts you in a session cannot make your
    /// devices notify.
    case contacts
}

extension NotificationSenders {
    /// Why `[notify] from = "name"` is refused, for a name that is none of the cases.
    public static func refusal(of name: String) -> String {
        "'notify.from' is '\(name)'; use \(allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))"
    }
}
