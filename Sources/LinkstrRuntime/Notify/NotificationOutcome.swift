/// What became of one notification request.
public struct NotificationOutcome: Equatable, Sendable {
    /// The id was delivered before (perhaps before a restart); nothing was sent.
    public var duplicate: Bool
    /// One result per configured notifier, in the order of `notifiers` in config.toml (a notifier that
    /// could not start reports why). Empty for a duplicate.
    public var results: [NotifierResult]

    public init(duplicate: Bool, results: [NotifierResult]) {
        self.duplicate = duplicate
        self.results = results
    }

    /// Every configured notifier delivered it.
    public var allDelivered: Bool { !duplicate && results.allSatisfy(\.ok) }
}
