/// Names of the per-account settings in `EngineCollection.accountState`.
enum AccountStateKey {
    /// When the last complete sync started (Unix seconds): the next backfill starts two days and an
    /// hour before it (NIP-59 backdates wraps by up to two days).
    static let lastSync = "last-sync"
    /// The contact book: the mirrored follow list (its watermark), private aliases, profile names.
    static let contacts = "contacts"
    /// Set when a first sync starts restoring history into an empty store, so that one interrupted
    /// (killed) before it completed resumes as a restore: the history it fetches stays read.
    static let restoreStarted = "restore-started"
    /// The names a member gave sessions on this machine (`renameSession`), shown instead of the creator's.
    static let sessionLabels = "session-labels"
    /// Where the webhook sync of saved links stands (`WebhookStatus`).
    static let webhookStatus = "saved-webhook"
}
