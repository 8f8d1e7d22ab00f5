/// A range query over (owner, collection[, parent]) in (sort, key) order: the Swift copy of
/// `lkh_storage_query` the host and the storage plugins share. A value type: thread-safe.
///
/// ```swift
/// // The latest 50 posts of a session:
/// StorageQuery(owner: account, collection: "post", parent: sessionID, descending: true, limit: 50)
/// // Sessions with the unread bit:
/// StorageQuery(owner: account, collection: "session", flagsMask: 1, flagsValue: 1, descending: true)
/// ```
public struct StorageQuery: Equatable, Sendable {
    public var owner: [UInt8]
    public var collection: String
    /// Only records with this parent; nil for every parent.
    public var parent: [UInt8]?
    /// Inclusive bounds on `sort` (`sort_min`, `sort_max`; a C query whose bounds cross matches
    /// nothing and never becomes a `StorageQuery`: see `StorageInput.query`).
    public var sortRange: ClosedRange<Int64>
    /// Records match when `flags & flagsMask == flagsValue`.
    public var flagsMask: Int64
    public var flagsValue: Int64
    public var descending: Bool
    /// The most records to return (at most `UInt32.max`); nil for all.
    public var limit: Int?

    public init(
        owner: [UInt8], collection: String, parent: [UInt8]? = nil, sortRange: ClosedRange<Int64> = .min ... .max,
        flagsMask: Int64 = 0, flagsValue: Int64 = 0, descending: Bool = false, limit: Int? = nil
    ) {
        self.owner = owner
        self.collection = collection
        self.parent = parent
        self.sortRange = sortRange
        self.flagsMask = flagsMask
        self.flagsValue = flagsValue
        self.descending = descending
        self.limit = limit
    }
}
