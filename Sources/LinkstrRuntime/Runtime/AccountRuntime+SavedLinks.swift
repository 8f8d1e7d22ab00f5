import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// The saved-link use cases on the account: ``SavedLinks`` and ``SavedLinkWebhook`` do the work, on
/// this actor.
extension AccountRuntime {
    public func save(_ url: String, tags: [String], note: String?) throws(LinkstrError) -> SaveOutcome {
        try SavedLinks.save(url, tags: tags, note: note, in: self)
    }

    public func save(fromPost text: String, tags: [String], note: String?) throws(LinkstrError) -> SaveOutcome {
        try SavedLinks.save(fromPost: text, tags: tags, note: note, in: self)
    }

    public func savedLinks(_ filter: SavedLinkFilter = SavedLinkFilter()) throws(LinkstrError) -> [SavedLink] {
        try SavedLinks.savedLinks(filter, in: self)
    }

    public func savedLink(_ url: String) throws(LinkstrError) -> SavedLink {
        try SavedLinks.savedLink(url, in: self)
    }

    public func retag(_ url: String, adding: [String], removing: [String]) throws(LinkstrError) -> SavedLink {
        try SavedLinks.retag(url, adding: adding, removing: removing, in: self)
    }

    public func unsave(_ url: String) throws(LinkstrError) -> SavedLink {
        try SavedLinks.unsave(url, in: self)
    }

    public func restore(_ url: String) throws(LinkstrError) -> SavedLink {
        try SavedLinks.restore(url, in: self)
    }

    public func tagScores(for url: String? = nil) throws(LinkstrError) -> [TagScore] {
        try SavedLinks.tagScores(for: url, in: self)
    }

    public func postSaved(_ sessionID: SessionID, url: String, note: String?) async throws(LinkstrError) -> Post {
        try await SavedLinks.postSaved(sessionID, url: url, note: note, in: self)
    }

    public func importBookmarks(_ entries: [BookmarkEntry]) throws(LinkstrError) -> ImportReport {
        try SavedLinks.importBookmarks(entries, in: self)
    }

    public func exportBookmarks() throws(LinkstrError) -> String {
        try SavedLinks.exportBookmarks(in: self)
    }

    /// The kind of the app-data events (NIP-78) that carry saved links between the user's machines.
    public static let savedLinkEventKind = 30_078

    public func syncSavedLinksWithRelays() async throws(LinkstrError) -> PrivateSyncReport {
        try await SavedLinks.syncSavedLinksWithRelays(in: self)
    }

    public func syncSavedLinks(settings: SavedLinksSettings? = nil, retryDelay: Duration = .seconds(1)) async throws(LinkstrError) -> WebhookStatus {
        try await SavedLinkWebhook.sync(settings: settings, retryDelay: retryDelay, in: self)
    }

    public func webhookStatus() throws(LinkstrError) -> WebhookStatus {
        try SavedLinkWebhook.status(in: self)
    }

    public func webhookSyncIsDue(settings: SavedLinksSettings? = nil) throws(LinkstrError) -> Bool {
        try SavedLinkWebhook.syncIsDue(settings: settings, in: self)
    }
}
