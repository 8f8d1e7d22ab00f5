import LinkstrHost

/// The webhook sync of the saved links: every kept link POSTed to `[saved] webhook`, how it went kept
/// in the account state, and when the background service should try again.
///
/// Thread rule: runs on the account's actor (`account` is isolated), where its store is touched.
public enum SavedLinkWebhook {
    /// POSTs per sync before it counts as failed (waiting `retryDelay`, then twice that, between).
    static let attempts = 3

    /// The background service syncs when the last accepted sync is older than this.
    static let syncInterval: Int64 = 86_400

    /// The longest the background service waits to try again after failures or offline skips.
    static let longestBackOff: Int64 = 3_600

    /// POSTs every kept saved link to the webhook (`[saved]` of the configuration unless `settings`
    /// is given) and records how it went. Offline (no route, or the host does not resolve), nothing
    /// is sent and the sync is tried again later; a refused or failed POST is tried again with
    /// back-off. The returned status says which.
    public static func sync(settings: SavedLinksSettings? = nil, retryDelay: Duration = .seconds(1), in account: isolated AccountRuntime) async throws(LinkstrError) -> WebhookStatus {
        let settings = settings ?? account.settings.savedLinks
        guard let delivery = WebhookDelivery(settings) else {
            throw LinkstrError(.badInput, "no webhook is configured; add [saved] with webhook = \"https://…\" to config.toml")
        }
        if let warning = delivery.plainHTTPWarning { account.host.log.log(.warn, warning) }
        let links = try SavedLinks.savedLinks(in: account)
        let body = WebhookPayload.body(links, extraFields: settings.extraFields)
        var result = WebhookDelivery.Result.failed("not sent")
        for attempt in 0..<Self.attempts {
            if attempt > 0 { try? await Task.sleep(for: retryDelay * (1 << (attempt - 1))) }
            result = await delivery.post(body, now: account.clock())
            if case .failed = result { continue }
            break
        }
        var status = try Self.status(in: account)
        let now = account.clock()
        status.lastAttempt = now
        status.sent = links.count
        switch result {
        case .accepted:
            status.outcome = .ok
            status.lastSync = now
            status.error = nil
            status.failures = 0
            status.nextAttempt = nil
        case .offline(let reason):
            status.outcome = .offline
            status.error = reason
            status.failures += 1
        case .failed(let reason):
            status.outcome = .failed
            status.error = "\(reason) (\(Self.attempts) attempts)"
            status.failures += 1
        }
        if status.outcome != .ok {
            status.nextAttempt = now + min(Self.longestBackOff, 60 << Int64(min(status.failures - 1, 10)))
        }
        try account.transaction { try account.store.put(EngineCollection.accountState, key: Array(AccountStateKey.webhookStatus.utf8), value: status.encoded()) }
        return status
    }

    /// Where the webhook sync stands.
    public static func status(in account: isolated AccountRuntime) throws(LinkstrError) -> WebhookStatus {
        guard let bytes = try account.withStore({ try account.store.read(EngineCollection.accountState, key: Array(AccountStateKey.webhookStatus.utf8)) }) else {
            return WebhookStatus()
        }
        do {
            return try WebhookStatus(encoded: bytes)
        } catch {
            throw LinkstrError(.storage, "storage: the webhook sync status is damaged (\(error))")
        }
    }

    /// Whether the background service should sync now: a webhook is configured, and no sync was
    /// accepted in the last 24 hours, or the last one failed or was skipped and its back-off is over.
    static func syncIsDue(settings: SavedLinksSettings? = nil, in account: isolated AccountRuntime) throws(LinkstrError) -> Bool {
        guard (settings ?? account.settings.savedLinks).webhook != nil else { return false }
        let status = try Self.status(in: account)
        let now = account.clock()
        if let nextAttempt = status.nextAttempt, status.outcome != .ok { return now >= nextAttempt }
        guard let lastSync = status.lastSync else { return true }
        return now - lastSync >= Self.syncInterval
    }
}
