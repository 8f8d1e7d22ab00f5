/// One operation of a storage batch (`lkh_storage_op`). A value type: thread-safe.
public enum StorageOperation: Equatable, Sendable {
    /// Insert the record, or replace every field of the one with the same (owner, collection, key).
    case put(StoredRecord)
    /// Delete (owner, collection, key); an absent record is not an error.
    case delete(owner: [UInt8], collection: String, key: [UInt8])
    /// Delete every record of (owner, collection) whose parent is `parent`.
    case deleteParent(owner: [UInt8], collection: String, parent: [UInt8])
}
