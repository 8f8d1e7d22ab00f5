/// A range query over (owner, collection[, parent]) ordered by (sort, key): the Swift copy of
/// `lkh_storage_query`. A value type: thread-safe.
public struct StorageQuery: Equatable, Sendable {
    public var owner: [UInt8]
    public var collection: [UInt8]
    /// Only records whose parent equals this, or every parent when nil.
    public var parent: [UInt8]?
    /// Inclusive bounds on `sort`.
    public var sortMin: Int64
    public var sortMax: Int64
    /// A record matches when `flags & flagsMask == flagsValue`.
    public var flagsMask: Int64
    public var flagsValue: Int64
    public var descending: Bool
    /// The most records to return; nil for all.
    public var limit: Int?

    public init(
        owner: [UInt8], collection: [UInt8], parent: [UInt8]? = nil, sortMin: Int64 = .min, sortMax: Int64 = .max,
        flagsMask: Int64 = 0, flagsValue: Int64 = 0, descending: Bool = false, limit: Int? = nil
    ) {
        self.owner = owner
        self.collection = collection
        self.parent = parent
        self.sortMin = sortMin
        self.sortMax = sortMax
        self.flagsMask = flagsMask
        self.flagsValue = flagsValue
        self.descending = descending
        self.limit = limit
    }
}
