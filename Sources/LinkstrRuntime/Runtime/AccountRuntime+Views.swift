import LinkstrEngine
import NostrCore

/// What the front ends show, put together from the stored state.
extension AccountRuntime {
    /// A session's feed (`feed(_:limit:)`) with what is shown around it. A limited feed starts at its
    /// first post, and so do its membership changes.
    /// - Parameter fetchingTitles: fetch the missing link titles and thumbnails first (`fetchTitles`).
    public func sessionFeed(_ id: SessionID, limit: Int?, fetchingTitles: Bool = false) async throws(RuntimeError) -> SessionFeed {
        var items = try feed(id, limit: limit)
        if fetchingTitles { items = try await fetchTitles(items) }
        let videos = media.cachedVideos(of: items.map(\.post.url))
        for index in items.indices { items[index].cachedVideo = videos[items[index].post.url] }
        var changes = MembershipChange.changes(in: try membershipHistory(of: id))
        if let limit, items.count >= limit, let first = items.first { changes.removeAll { $0.time < first.post.createdAt } }
        let names = displayNames(of: items.map(\.post.sender) + changes.flatMap { $0.added + $0.removed })
        return SessionFeed(session: try summary(of: id), items: items, unread: try unreadCount(id), membershipChanges: changes, names: names)
    }

    /// The names `change` is shown with.
    public func names(for change: EngineChange) -> ChangeNames {
        ChangeNames(session: try? summary(of: change.sessionID).name, people: displayNames(of: change.people), me: me)
    }
}
