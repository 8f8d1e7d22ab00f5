/// What the engine did with one rumor.
public enum IngestOutcome: Equatable, Sendable {
    /// It changed state.
    case accepted
    /// A known post arrived in another wrap; its wrap ids were merged.
    case merged
    /// Seen before (same wrap), or an older state than what is stored: nothing to do.
    case duplicate
    /// Valid but early: it waits for a session, a post or a membership snapshot, and is retried when
    /// that arrives.
    case staged(String)
    /// Invalid or not allowed; nothing changed. The reason is what `sync` reports.
    case rejected(String)
}
