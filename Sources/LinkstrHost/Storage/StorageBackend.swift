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
        var arena = ByteArena()
        let spans = operations.map { operation in OperationSpan(operation, into: &arena) }
        var error = LKHErrorSlot.make()
        let status = arena.withBytes { bytes in
            let ops = spans.map { $0.op(bytes) }
            return ops.withUnsafeBufferPointer { apply(capability.rawInstance, $0.baseAddress, $0.count, &error) }
        }
        try check(status, &error)
    }

    /// The record (owner, collection, key), or nil when there is none.
    public func get(owner: [UInt8], collection: String, key: [UInt8]) throws(PluginError) -> StoredRecord? {
        let get = try function(\.get, "get")
        var arena = ByteArena()
        let ownerSpan = arena.add(owner)
        let collectionSpan = arena.add(collection.utf8)
        let keySpan = arena.add(key)
        var found: [StoredRecord] = []
        var error = LKHErrorSlot.make()
        let status = arena.withBytes { bytes in
            withUnsafeMutablePointer(to: &found) { results in
                get(capability.rawInstance, bytes(ownerSpan), bytes(collectionSpan), bytes(keySpan), StorageBackend.collect, results, &error)
            }
        }
        if status == LKH_E_NOT_FOUND { return nil }
        try check(status, &error)
        return found.first
    }

    /// The matching records in (sort, key) order, ascending or descending, at most `query.limit`.
    public func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord] {
        if let limit = query.limit, limit <= 0 { return [] }
        let run = try function(\.query, "query")
        var arena = ByteArena()
        let ownerSpan = arena.add(query.owner)
        let collectionSpan = arena.add(query.collection.utf8)
        let parentSpan = arena.add(query.parent ?? [])
        var found: [StoredRecord] = []
        var error = LKHErrorSlot.make()
        let status = arena.withBytes { bytes in
            var request = lkh_storage_query(
                struct_size: UInt32(MemoryLayout<lkh_storage_query>.size), owner: bytes(ownerSpan),
                collection: bytes(collectionSpan), match_parent: query.parent == nil ? 0 : 1, parent: bytes(parentSpan),
                sort_min: query.sortRange.lowerBound, sort_max: query.sortRange.upperBound, flags_mask: query.flagsMask,
                flags_value: query.flagsValue, order: query.descending ? LKH_ORDER_DESCENDING : LKH_ORDER_ASCENDING,
                limit: UInt32(clamping: query.limit ?? 0))
            return withUnsafeMutablePointer(to: &found) { results in
                run(capability.rawInstance, &request, StorageBackend.collect, results, &error)
            }
        }
        try check(status, &error)
        return found
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

    /// The `lkh_record_fn` that appends each record to the `[StoredRecord]` behind `context`.
    private static let collect: lkh_record_fn = { context, record in
        guard let context, let record else { return 1 }
        let records = context.assumingMemoryBound(to: [StoredRecord].self)
        let bytes = { (field: lkh_bytes) -> [UInt8] in
            guard let data = field.data, field.len > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: field.len))
        }
        let value = record.pointee
        records.pointee.append(
            StoredRecord(
                owner: bytes(value.owner), collection: String(decoding: bytes(value.collection), as: UTF8.self),
                key: bytes(value.key), parent: bytes(value.parent), sort: value.sort, flags: value.flags, value: bytes(value.value)))
        return 0
    }
}
