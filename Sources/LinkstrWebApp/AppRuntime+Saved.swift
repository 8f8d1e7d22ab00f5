import Foundation
import LinkstrRuntime

/// The saved links (the runtime's `SavedLinks` use cases, as `linkstr save`, `saved`, `tag`,
/// `tags --for`, `unsave`, `restore`, `saved import/export/sync` call them), as the Saved screens show them.
extension AppRuntime {
    /// The saved links `filter` selects, newest first, and every tag of the kept ones (for the tag filter).
    func savedLinks(_ filter: SavedLinkFilter) async throws(AppFailure) -> SavedListView {
        let runtime = try runtime()
        return try await mapped {
            let links = try await SavedLinks.savedLinks(filter, in: runtime)
            let sharers = await Contacts.displayNames(of: Array(Set(links.compactMap(\.sharedBy))), in: runtime)
            var sessionNames: [SessionID: String] = [:]
            for session in Set(links.compactMap(\.sharedIn)) { sessionNames[session] = try? await Sessions.summary(of: session, in: runtime).name }
            let rows = links.map { link in
                SavedLinkRow(
                    url: link.url, title: link.title, note: link.note, tags: link.tags, savedAt: link.savedAt, deletedAt: link.deletedAt,
                    sharedBy: link.sharedBy.map { $0 == runtime.me ? "You" : sharers[$0] ?? $0.npub }, sharedIn: link.sharedIn.map { sessionNames[$0] ?? "a session" })
            }
            return SavedListView(links: rows, tags: try await SavedLinks.tagScores(in: runtime).map { TagCount(name: $0.name, count: $0.count) })
        }
    }

    /// What the save view shows for `url`: its tags when it is saved already, and the suggestions
    /// (best first, as `linkstr tags --for URL` ranks them) without those.
    func tagChoice(for url: String?) async throws(AppFailure) -> TagChoice {
        let runtime = try runtime()
        var existing: SavedLink?
        if let url, let link = try? await SavedLinks.savedLink(url, in: runtime), !link.isDeleted { existing = link }
        // A link that is no web link yet (still being typed) is ranked without the site's boost.
        let scores = try await mapped { () async throws -> [TagScore] in
            if let url, let ranked = try? await SavedLinks.tagScores(for: url, in: runtime) { return ranked }
            return try await SavedLinks.tagScores(in: runtime)
        }
        let kept = Set(existing?.tags ?? [])
        return TagChoice(savedTags: existing?.tags, suggestions: scores.map(\.name).filter { !kept.contains($0) })
    }

    /// A post as the "save link" view shows it (its session's name to go back to).
    func postToSave(_ session: String, post: String) async throws(AppFailure) -> PostToSave {
        let runtime = try runtime()
        return try await mapped {
            let id = try await Sessions.resolveSession(session, in: runtime)
            let found = try await Sessions.post(post, in: id, typed: session, in: runtime)
            return PostToSave(session: id.rawValue, sessionName: try await Sessions.summary(of: id, in: runtime).name, post: found.id.hex, url: found.url, note: found.note)
        }
    }

    /// Saves a link (or the link of a post, keeping who shared it and where), as `linkstr save`
    /// does, then tells the webhook in the background when one is configured; what the save says.
    func saveLink(_ url: String, post: String?, tags: [String], note: String?) async throws(AppFailure) -> String {
        let runtime = try runtime()
        let outcome = try await mapped {
            if let post { return try await SavedLinks.save(fromPost: post, tags: tags, note: note, in: runtime) }
            return try await SavedLinks.save(url, tags: tags, note: note, in: runtime)
        }
        if runtime.settings.savedLinks.webhook != nil { Task { _ = try? await SavedLinkWebhook.sync(in: runtime) } }
        return outcome.summary
    }

    /// The saved link of `url` (kept or removed), for its edit view.
    func savedLink(_ url: String) async throws(AppFailure) -> SavedLink {
        let runtime = try runtime()
        return try await mapped { try await SavedLinks.savedLink(url, in: runtime) }
    }

    /// Adds and removes tags, as `linkstr tag URL --add … --remove …`.
    func retag(_ url: String, adding: [String], removing: [String]) async throws(AppFailure) -> SavedLink {
        let runtime = try runtime()
        return try await mapped { try await SavedLinks.retag(url, adding: adding, removing: removing, in: runtime) }
    }

    /// `linkstr unsave` (`removing`) or `linkstr restore`.
    func setSavedLinkRemoved(_ url: String, _ removing: Bool) async throws(AppFailure) -> SavedLink {
        let runtime = try runtime()
        return try await mapped {
            if removing { return try await SavedLinks.unsave(url, in: runtime) }
            return try await SavedLinks.restore(url, in: runtime)
        }
    }

    /// The post a link was saved from: its session and, when the post is still there, its id.
    func postOfSavedLink(_ url: String) async throws(AppFailure) -> (session: String, post: String?) {
        let runtime = try runtime()
        return try await mapped {
            let link = try await SavedLinks.savedLink(url, in: runtime)
            guard let session = link.sharedIn else { throw LinkstrError(.badInput, "\(link.url) was not saved from a session") }
            let feed = try await SessionFeed.page(session, limit: nil, in: runtime)
            let post = feed.items.last { $0.post.url == link.url && (link.sharedBy == nil || $0.post.sender == link.sharedBy) }
            return (session.rawValue, post?.post.id.hex)
        }
    }

    /// Imports a bookmark file (Netscape HTML or the JSON export) as `linkstr saved import` does;
    /// the counts it says.
    func importBookmarks(_ bytes: Data, named name: String) async throws(AppFailure) -> String {
        let runtime = try runtime()
        return try await mapped {
            try await SavedLinks.importBookmarks(try BookmarkFile.entries(bytes, named: name), in: runtime).summary
        }
    }

    /// The kept links as `linkstr saved export --format netscape|json` writes them.
    func exportSavedLinks(json: Bool) async throws(AppFailure) -> String {
        let runtime = try runtime()
        return try await mapped {
            if json { return SavedLinkExport.json(try await SavedLinks.savedLinks(in: runtime)) }
            return try await SavedLinks.exportBookmarks(in: runtime)
        }
    }

    /// The webhook (its address, without token or secret) and how its last sync went.
    func savedSyncStatus() async throws(AppFailure) -> SavedSyncView {
        let runtime = try runtime()
        let webhook = runtime.settings.savedLinks.webhook.map(Self.shownAddress)
        return try await mapped { SavedSyncView(webhook: webhook, status: try await SavedLinkWebhook.status(in: runtime)) }
    }

    /// A webhook address as a page shows it: without a user, password or query (they may hold a token).
    static func shownAddress(_ address: String) -> String {
        guard var components = URLComponents(string: address) else { return "(the address in config.toml)" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "(the address in config.toml)"
    }

    /// "Sync now": the webhook sync (when one is configured) and the private sync through the
    /// relays, each with what it says (as `linkstr saved sync` and `saved sync --relays`).
    func syncSavedLinksNow() async throws(AppFailure) -> [SyncOutcome] {
        let runtime = try runtime()
        var outcomes: [SyncOutcome] = []
        if runtime.settings.savedLinks.webhook != nil {
            do throws(LinkstrError) {
                let status = try await SavedLinkWebhook.sync(in: runtime)
                outcomes.append(SyncOutcome(what: "Webhook", said: status.summary(syncing: true), problem: status.outcome == .failed ? status.failureSentence : nil))
            } catch {
                outcomes.append(SyncOutcome(what: "Webhook", said: nil, problem: error.description))
            }
        }
        do throws(LinkstrError) {
            let report = try await SavedLinks.syncSavedLinksWithRelays(in: runtime)
            outcomes.append(SyncOutcome(what: "Your other machines", said: report.summary, problem: report.pendingSentence))
        } catch {
            outcomes.append(SyncOutcome(what: "Your other machines", said: nil, problem: error.description))
        }
        return outcomes
    }
}
