/// How one notifier did with one notification.
public struct NotifierResult: Equatable, Sendable {
    /// The notifier's plugin id.
    public var pluginID: String
    public var ok: Bool
    /// What went wrong, as a sentence a person can act on; nil when `ok`.
    public var error: String?

    public init(pluginID: String, ok: Bool, error: String? = nil) {
        self.pluginID = pluginID
        self.ok = ok
        self.error = error
    }
}
