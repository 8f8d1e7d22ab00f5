import LinkstrPluginKit

/// A storage backend behind the `org.linkstr.storage/1` vtable. `StorageVTable` turns the C calls into
/// calls of this protocol and every thrown `PluginError` into an `lkh_status` plus message, so an
/// backend never deals with the ABI.
///
/// Thread rule: `open()` is called once, on the host's control thread, before anything else; every
/// other requirement may be called from any thread, concurrently, and may block. Arguments arrive
/// validated (`StorageInput`): collections are 1…64 printable ASCII characters (stored as their
/// bytes), keys 1…255 bytes, owners empty or 32 bytes, and a query's sort bounds do not cross.
public protocol StorageBackend: AnyObject, Sendable {
    /// Opens (creating and migrating as needed) the store the plugin's configuration describes.
    /// Errors name the path or server and the cause.
    func open() throws(PluginError)

    /// Applies every operation in one transaction: all or none.
    func apply(_ operations: [StorageOperation]) throws(PluginError)

    /// The record (owner, collection, key), or nil.
    func get(owner: [UInt8], collection: String, key: [UInt8]) throws(PluginError) -> StoredRecord?

    /// The matching records in (sort, key) order, at most `query.limit`, read as one snapshot.
    func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord]

    /// The number of records of (owner, collection), or of every collection when `collection` is nil.
    func count(owner: [UInt8], collection: String?) throws(PluginError) -> UInt64

    /// Deletes every record of `owner` in one transaction; returns how many.
    func deleteOwner(_ owner: [UInt8]) throws(PluginError) -> UInt64

    /// `{"backend","location","schema_version",…}` as JSON text.
    func describe() -> String

    /// Releases connections and files. Called once, from `destroy`; nothing else runs concurrently.
    func close()
}
