import LinkstrPluginKit
import PluginABI

/// The host's typed view of a storage plugin (`org.linkstr.storage/1`): Swift values in, Swift values
/// out, every failure a `PluginError` carrying the plugin's status and message.
///
/// Thread rule: every method is thread-safe and may block (the ABI declares the storage functions
/// [thread-safe]); call them from worker threads, not from the host's executor. `open()` is the
/// exception: call it once, before anything else, from the control thread.
public final class StorageBackend: Sendable {
    public let capability: Capability<lkh_storage_v1>

    public init(_ capability: Capability<lkh_storage_v1>) {
        self.capability = capability
    }

    public var pluginID: String { capability.pluginID }

    /// Opens (creating and migrating) the store the plugin's configuration describes.
    public func open() throws(PluginError) {
        let open = try function(\.open, "open")
        var error = LKHErrorSlot.make()
        let status = open(capability.rawInstance, &error)
        try check(status, &error)
    }

    /// Applies every operation in one transaction: all of them or none.
    public func apply(_ operations: [StorageOperation]) throws(PluginError) {
        guard !operations.isEmpty else { return }
        let apply = try function(\.apply, "apply")
        var error = LKHErrorSlot.make()
        let status = StorageOperation.lending(operations) { ops in apply(capability.rawInstance, ops.baseAddress, ops.count, &error) }
        try check(status, &error)
    }

    /// The record (owner, collection, key), or nil when there is none.
    public func get(owner: [UInt8], collection: String, key: [UInt8]) throws(PluginError) -> StoredRecord? {
        let get = try function(\.get, "get")
        var arena = ByteArena()
        let ownerSpan = arena.add(owner)
        let collectionSpan = arena.add(collection.utf8)
        let keySpan = arena.add(key)
        var found = RecordCollector()
        var error = LKHErrorSlot.make()
        let status = arena.withBytes { bytes in
            withUnsafeMutablePointer(to: &found) { results in
                get(capability.rawInstance, bytes(ownerSpan), bytes(collectionSpan), bytes(keySpan), RecordCollector.collect, results, &error)
            }
        }
        if status == LKH_E_NOT_FOUND { return nil }
        let records = try found.records(from: pluginID)
        try check(status, &error)
        return records.first
    }

    /// The matching records in (sort, key) order, ascending or descending, at most `query.limit`.
    public func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord] {
        if let limit = query.limit, limit <= 0 { return [] }
        let run = try function(\.query, "query")
        var found = RecordCollector()
        var error = LKHErrorSlot.make()
        let status = query.lending { request in
            withUnsafeMutablePointer(to: &found) { results in
                run(capability.rawInstance, request, RecordCollector.collect, results, &error)
            }
        }
        let records = try found.records(from: pluginID)
        try check(status, &error)
        return records
    }

    /// The number of records of (owner, collection), or of all the owner's collections when nil.
    public func count(owner: [UInt8], collection: String? = nil) throws(PluginError) -> UInt64 {
        let count = try function(\.count, "count")
        var arena = ByteArena()
        let ownerSpan = arena.add(owner)
        let collectionSpan = arena.add(collection?.utf8 ?? "".utf8)
        var result: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = arena.withBytes { bytes in
            count(capability.rawInstance, bytes(ownerSpan), bytes(collectionSpan), &result, &error)
        }
        try check(status, &error)
        return result
    }

    /// Deletes every record of `owner` in one transaction and checks that none is left; returns how
    /// many were deleted.
    ///
    /// - Throws: the plugin's error, or `.io` when records of the owner remain afterwards.
    @discardableResult
    public func deleteOwner(_ owner: [UInt8]) throws(PluginError) -> UInt64 {
        let deleteOwner = try function(\.delete_owner, "delete_owner")
        var arena = ByteArena()
        let ownerSpan = arena.add(owner)
        var deleted: UInt64 = 0
        var error = LKHErrorSlot.make()
        let status = arena.withBytes { bytes in
            deleteOwner(capability.rawInstance, bytes(ownerSpan), &deleted, &error)
        }
        try check(status, &error)
        let left = try count(owner: owner)
        guard left == 0 else {
            throw PluginError(.io, "storage '\(pluginID)': \(left) records of the account are still there after deleting its data")
        }
        return deleted
    }

    /// The plugin's JSON self-description (`{"backend","location","schema_version",…}`), or nil when
    /// it offers none.
    public func describe() -> String? {
        guard let describe = capability.vtable.pointee.describe else { return nil }
        return CStringBuffer.read { buffer, capacity in describe(capability.rawInstance, buffer, capacity) }
    }

    // MARK: - Plumbing

    /// A vtable function, or `.unsupported` when the plugin left it NULL.
    private func function<Function>(_ field: KeyPath<lkh_storage_v1, Function?>, _ name: String) throws(PluginError) -> Function {
        guard let function = capability.vtable.pointee[keyPath: field] else {
            throw PluginError(.unsupported, "storage plugin '\(pluginID)' does not implement \(name)")
        }
        return function
    }

    private func check(_ status: lkh_status, _ error: inout lkh_error) throws(PluginError) {
        guard status != LKH_OK else { return }
        throw PluginError(status: status, error: &error)
    }

}
