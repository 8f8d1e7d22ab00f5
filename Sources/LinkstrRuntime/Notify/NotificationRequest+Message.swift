import LinkstrHost

extension NotificationRequest {
    /// The notification a notifier is given: the text for what it may see, the session name only
    /// with `includeSession`, the link, note, sender and emoji only with `includeContent`.
    func message(includingContent includeContent: Bool, includingSession includeSession: Bool) -> NotificationMessage {
        let text = text(includingContent: includeContent, includingSession: includeSession)
        return NotificationMessage(
            id: id, kind: kind.pluginKind, title: text.title, body: text.body, session: includeSession ? sessionName : nil,
            deepLink: includeContent ? deepLink : nil, url: includeContent ? url : nil, note: includeContent ? note : nil,
            sender: includeContent ? senderName : nil, emoji: includeContent ? emoji : nil, createdAt: createdAt)
    }
}
