/// Which saved links a listing shows: those with every tag of `tags`, whose URL, note, title or tags
/// contain `search` (case-insensitive), kept ones or (`deleted`) removed ones.
public struct SavedLinkFilter: Sendable, Equatable {
    public var tags: [String]
    public var search: String?
    public var deleted: Bool

    public init(tags: [String] = [], search: String? = nil, deleted: Bool = false) {
        self.tags = tags
        self.search = search
        self.deleted = deleted
    }

    func matches(_ link: SavedLink) -> Bool {
        guard link.isDeleted == deleted, Set(tags).isSubset(of: link.tags) else { return false }
        guard let wanted = search?.lowercased(), !wanted.isEmpty else { return true }
        let fields = [link.url, link.note ?? "", link.title ?? ""] + link.tags
        return fields.contains { $0.lowercased().contains(wanted) }
    }
}
