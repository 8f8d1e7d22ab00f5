import PluginABI

/// Reads the storage ABI's C values into their Swift copies and checks them by the storage rules:
/// the arguments a storage plugin's vtable receives, and the records a plugin hands the host, so
/// that both sides refuse the same bad input with the same message. Stateless: thread-safe.
public enum StorageInput {
    public static let maximumCollectionLength = 64
    public static let maximumKeyLength = 255
    public static let ownerLength = 32

    public static func owner(_ bytes: lkh_bytes) throws(PluginError) -> [UInt8] {
        let owner = BorrowedBytes.copy(bytes)
        guard owner.isEmpty || owner.count == ownerLength else {
            throw PluginError(.invalid, "owner must be empty or \(ownerLength) bytes, got \(owner.count)")
        }
        return owner
    }

    /// The collection's name: its bytes must be printable ASCII, so the string holds them unchanged.
    public static func collection(_ bytes: lkh_bytes) throws(PluginError) -> String {
        guard let data = bytes.data, bytes.len > 0 else { throw PluginError(.invalid, "collection must not be empty") }
        let name = UnsafeBufferPointer(start: data, count: bytes.len)
        guard name.count <= maximumCollectionLength, name.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw PluginError(.invalid, "collection must be 1…\(maximumCollectionLength) printable ASCII characters")
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// A collection, or nil for "every collection" (`count`).
    public static func optionalCollection(_ bytes: lkh_bytes) throws(PluginError) -> String? {
        bytes.len == 0 ? nil : try collection(bytes)
    }

    public static func key(_ bytes: lkh_bytes) throws(PluginError) -> [UInt8] {
        let key = BorrowedBytes.copy(bytes)
        guard (1...maximumKeyLength).contains(key.count) else {
            throw PluginError(.invalid, "key must be 1…\(maximumKeyLength) bytes, got \(key.count)")
        }
        return key
    }

    public static func parent(_ bytes: lkh_bytes) throws(PluginError) -> [UInt8] {
        let parent = BorrowedBytes.copy(bytes)
        guard parent.count <= maximumKeyLength else {
            throw PluginError(.invalid, "parent must be at most \(maximumKeyLength) bytes, got \(parent.count)")
        }
        return parent
    }

    public static func record(_ record: lkh_record) throws(PluginError) -> StoredRecord {
        try requireSize(record.struct_size, of: lkh_record.self, "lkh_record")
        return StoredRecord(
            owner: try owner(record.owner), collection: try collection(record.collection), key: try key(record.key),
            parent: try parent(record.parent), sort: record.sort, flags: record.flags, value: BorrowedBytes.copy(record.value))
    }

    /// The operations of an `apply` call, read by the ABI's stride rule (`VersionedArray`).
    public static func operations(_ pointer: UnsafePointer<lkh_storage_op>?, count: Int) throws(PluginError) -> [StorageOperation] {
        guard count > 0 else { return [] }
        guard let pointer else { throw PluginError(.invalid, "apply: ops is NULL but count is \(count)") }
        let ops = VersionedArray.elements(pointer, count: count)
        try requireSize(ops[0].struct_size, of: lkh_storage_op.self, "lkh_storage_op")
        var operations: [StorageOperation] = []
        operations.reserveCapacity(count)
        for (index, op) in ops.enumerated() {
            do {
                operations.append(try operation(op))
            } catch {
                throw PluginError(error.status, "operation \(index): \(error.message)")
            }
        }
        return operations
    }

    static func operation(_ op: lkh_storage_op) throws(PluginError) -> StorageOperation {
        let record = op.record
        switch op.kind {
        case LKH_STORAGE_PUT:
            return .put(try self.record(record))
        case LKH_STORAGE_DELETE:
            return .delete(owner: try owner(record.owner), collection: try collection(record.collection), key: try key(record.key))
        case LKH_STORAGE_DELETE_PARENT:
            return .deleteParent(
                owner: try owner(record.owner), collection: try collection(record.collection), parent: try parent(record.parent))
        default:
            throw PluginError(.invalid, "unknown operation kind \(op.kind) (expected 1 put, 2 delete, 3 delete-parent)")
        }
    }

    /// The query, or nil when its sort bounds cross (`sort_min` above `sort_max`): no record can match.
    public static func query(_ pointer: UnsafePointer<lkh_storage_query>?) throws(PluginError) -> StorageQuery? {
        guard let query = pointer?.pointee else { throw PluginError(.invalid, "query is NULL") }
        try requireSize(query.struct_size, of: lkh_storage_query.self, "lkh_storage_query")
        guard query.order == LKH_ORDER_ASCENDING || query.order == LKH_ORDER_DESCENDING else {
            throw PluginError(.invalid, "unknown order \(query.order) (expected 0 ascending, 1 descending)")
        }
        guard query.sort_min <= query.sort_max else { return nil }
        return StorageQuery(
            owner: try owner(query.owner), collection: try collection(query.collection),
            parent: query.match_parent != 0 ? try parent(query.parent) : nil,
            sortRange: query.sort_min...query.sort_max, flagsMask: query.flags_mask, flagsValue: query.flags_value,
            descending: query.order == LKH_ORDER_DESCENDING, limit: query.limit == 0 ? nil : Int(query.limit))
    }

    private static func requireSize<Struct>(_ declared: UInt32, of _: Struct.Type, _ name: String) throws(PluginError) {
        guard Int(declared) >= MemoryLayout<Struct>.size else {
            throw PluginError(.invalid, "\(name).struct_size is \(declared), smaller than the \(MemoryLayout<Struct>.size) bytes of ABI 1.0")
        }
    }
}
