/// One record as a storage backend sees it: the Swift copy of `lkh_record`.
///
/// A record is identified by (owner, collection, key); `parent`, `sort` and `flags` are the indexed
/// fields, `value` is opaque (the host encrypts it before it gets here). A value type: thread-safe.
public struct StoredRecord: Equatable, Sendable {
    public var owner: [UInt8]
    public var collection: [UInt8]
    public var key: [UInt8]
    public var parent: [UInt8]
    public var sort: Int64
    public var flags: Int64
    public var value: [UInt8]

    public init(
        owner: [UInt8], collection: [UInt8], key: [UInt8], parent: [UInt8] = [], sort: Int64 = 0, flags: Int64 = 0,
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
