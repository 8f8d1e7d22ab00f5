extension PrivateSyncReport {
    /// What a private sync through the relays did, as every front end says it.
    public var summary: String {
        "relays had \(received) saved link\(received == 1 ? "" : "s"); took \(applied) newer here, published \(published)"
            + (pending > 0 ? ", \(pending) pending" : "")
    }

    /// Why links are still pending and what to do, when some are.
    public var pendingSentence: String? {
        guard pending > 0 else { return nil }
        return "the relays limit how fast events may come (\(rateLimit ?? "rate-limited")); \(pending) saved link\(pending == 1 ? "" : "s") "
            + "could not be published within this run: run `linkstr saved sync --relays` again later"
    }
}
