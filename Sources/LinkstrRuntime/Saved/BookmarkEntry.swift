/// One bookmark of a bookmark file, as read: its link, title, tags, note and when it was added.
public struct BookmarkEntry: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var tags: [String]
    public var note: String?
    /// Unix seconds (`ADD_DATE`), when the file says.
    public var addedAt: Int64?

    public init(url: String, title: String? = nil, tags: [String] = [], note: String? = nil, addedAt: Int64? = nil) {
        self.url = url
        self.title = title
        self.tags = tags
        self.note = note
        self.addedAt = addedAt
    }
}
