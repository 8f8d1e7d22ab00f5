/// One record of a storage backend, the Swift copy of `lkh_record` the host and the storage plugins
/// share: identified by (owner, collection, key), indexed by (parent, sort, key) and queried by
/// `flags` masks; `value` is opaque to the backend (the host seals it with a `RecordCipher` first
/// when it holds anything sensitive). A value type: thread-safe.
public struct StoredRecord: Equatable, Hashable, Sendable {
    /// The account (32 bytes), or empty for host-wide records.
    public var owner: [UInt8]
    /// A short ASCII name, e.g. "post" (1…64 printable characters). A backend stores its UTF-8
    /// bytes; a small string like this is kept inline, without an allocation.
    public var collection: String
    /// Unique within (owner, collection), 1…255 bytes.
    public var key: [UInt8]
    /// A grouping key (e.g. the session of a post), at most 255 bytes; may be empty.
    public var parent: [UInt8]
    /// The ordering value, e.g. created_at.
    public var sort: Int64
    /// A bit set queries test with a mask (e.g. an unread bit).
    public var flags: Int64
    public var value: [UInt8]

    public init(
        owner: [UInt8], collection: String, key: [UInt8], parent: [UInt8] = [], sort: Int64 = 0, flags: Int64 = 0,
        value: [UInt8] = []
    ) {
        self.owner = owner
        self.collection = collection
        self.key = key
        self.parent = parent
        self.sort = sort
        self.flags = flags
        self.value = value
    }
}
