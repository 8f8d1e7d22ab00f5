/// Asks the person whether a site may do what it requests.
public protocol BrowserPermissionPrompt: Sendable {
    /// The person's answer; nil when there is no way to ask (no notification server) or no answer
    /// came in time.
    func ask(_ permission: BrowserPermission) async -> BrowserAnswer?
}
