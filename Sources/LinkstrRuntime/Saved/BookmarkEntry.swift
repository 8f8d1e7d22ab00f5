import LinkstrEngine
import NostrCore

/// One bookmark of a bookmark file, as read: its link, title, tags, note and when it was added;
/// from a Netscape file also its folder, from linkstr's JSON export its id and where it was shared.
public struct BookmarkEntry: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var tags: [String]
    public var note: String?
    /// Unix seconds (`ADD_DATE`), when the file says.
    public var addedAt: Int64?
    /// The folder path it was in (`dev/tools`), without the browser's own top folders.
    public var folder: String?
    /// The id linkstr gave it (a JSON export), kept when it is new here.
    public var id: String?
    public var sharedBy: PublicKey?
    public var sharedIn: SessionID?

    public init(
        url: String, title: String? = nil, tags: [String] = [], note: String? = nil, addedAt: Int64? = nil, folder: String? = nil,
        id: String? = nil, sharedBy: PublicKey? = nil, sharedIn: SessionID? = nil
    ) {
        self.url = url
        self.title = title
        self.tags = tags
        self.note = note
        self.addedAt = addedAt
        self.folder = folder
        self.id = id
        self.sharedBy = sharedBy
        self.sharedIn = sharedIn
    }
}
