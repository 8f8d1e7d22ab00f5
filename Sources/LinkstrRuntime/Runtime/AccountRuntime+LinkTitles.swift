import LinkstrEngine
import LinkstrHost

/// The link-title use cases on the account; ``LinkTitles`` does the work, on this actor.
extension AccountRuntime {
    public func fetchTitles(_ items: [FeedItem]) async throws(LinkstrError) -> [FeedItem] {
        try await LinkTitles.fetchTitles(items, in: self)
    }

    public func fetchTitles(_ links: [SavedLink]) async throws(LinkstrError) -> [SavedLink] {
        try await LinkTitles.fetchTitles(links, in: self)
    }

    /// What was fetched of one link (`feed --titles`): its title and thumbnail address; nil when
    /// nothing was. One lookup, whatever the number of posts.
    public func linkMetadata(_ url: String) throws(LinkstrError) -> LinkMetadata? {
        try LinkTitles.storedMetadata(url, in: self)
    }
}
