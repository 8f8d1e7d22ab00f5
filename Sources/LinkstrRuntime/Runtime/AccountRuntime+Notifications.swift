import LinkstrEngine
import NostrCore

extension AccountRuntime {
    /// What the notifiers receive for an engine notification: the display name of the sender and a
    /// deep link to the post (both content: shown only by notifiers that opt in). Nil when the
    /// configuration notifies only for contacts (`[notify] from = "contacts"`) and the sender is not one.
    public func notification(for request: EngineNotification) -> NotificationRequest? {
        if host.configuration.notifyFrom == .contacts, (try? Contacts.contactBook(in: self))?.isContact(request.sender) != true { return nil }
        return NotificationRequest(
            id: request.id, kind: request.kind == .post ? .post : .reaction, sessionName: request.sessionName,
            senderName: Contacts.displayName(of: request.sender, in: self), url: request.url, note: request.note, emoji: request.emoji,
            createdAt: request.createdAt,
            deepLink: DeepLink(url: request.url, timestamp: request.createdAt, messageGUID: request.postID.hex).encoded())
    }
}
