import Glibc

/// Asks the person with a desktop notification that has "Allow" and "Deny" buttons.
public struct NotificationPermissionPrompt: BrowserPermissionPrompt {
    /// How long a question waits for an answer before the request is refused.
    public static let defaultTimeout: Duration = .seconds(60)

    public let dispatcher: NotificationDispatcher
    public let timeout: Duration

    public init(dispatcher: NotificationDispatcher, timeout: Duration = defaultTimeout) {
        self.dispatcher = dispatcher
        self.timeout = timeout
    }

    public func ask(_ permission: BrowserPermission) async -> BrowserAnswer? {
        let now = Int64(time(nil))
        let question = NotificationRequest(
            id: NotificationRequest.freshID("browser", at: now), kind: .permission, note: permission.question, createdAt: now)
        return await dispatcher.ask(question, timeout: timeout).flatMap(BrowserDecision.init(rawValue:)).map { BrowserAnswer($0) }
    }
}
