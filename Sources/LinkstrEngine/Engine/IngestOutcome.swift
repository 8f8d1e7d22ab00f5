/// What the engine did with one rumor.
public enum IngestOutcome: Equatable, Sendable {
    /// It changed state.
    case accepted
    /// Kept beside what is known without changing it: a known post in another wrap (its wrap ids
    /// were merged), or a reaction toggle older than the newest.
    case merged
    /// Seen before (same wrap), or an older state than what is stored: nothing to do.
    case duplicate
    /// Valid but early: it waits for a session, a post or a membership snapshot, and is retried when
    /// that arrives.
    case staged(String)
    /// Invalid or not allowed; nothing changed. The reason is what `sync` reports.
    case rejected(String)
}
