extension WebhookStatus {
    /// How the webhook sync stands, as every front end says it; `syncing`: right after a sync this
    /// front end ran (what it sent), else the last one's outcome.
    public func summary(syncing: Bool) -> String {
        let links = "\(sent) link\(sent == 1 ? "" : "s")"
        switch outcome {
        case .never: return "no webhook sync yet"
        case .ok: return syncing ? "sent \(links) to the webhook" : "last sync: \(links) at \(lastSync.map(ISOTime.string) ?? "?")"
        case .offline:
            return "offline (\(error ?? "no network")): nothing sent; tried again after \(nextAttempt.map(ISOTime.string) ?? "a while")"
        case .failed:
            let last = lastSync.map { "; last accepted sync at \(ISOTime.string($0))" } ?? ""
            return "sync failed: \(error ?? "unknown reason"); tried again after \(nextAttempt.map(ISOTime.string) ?? "a while")\(last)"
        }
    }
}
