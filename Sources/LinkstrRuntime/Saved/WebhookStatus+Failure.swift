extension WebhookStatus {
    /// What a person reads when a sync failed: why, and that it is tried again.
    public var failureSentence: String {
        "the webhook sync failed: \(error ?? "unknown reason"); it is tried again later (`linkstr saved sync --status`)"
    }
}
