extension MediaFailure {
    /// Whether a failed fetch means the link has no video to extract (rather than a broken cache or
    /// an interrupted download): then its page is what there is to watch.
    public var leavesOnlyThePage: Bool {
        switch self {
        case .noProvider, .notPlayable: true
        case .plugin: status != .cancelled && !Task.isCancelled
        case .cache, .badAnswer: false
        }
    }
}
