import PluginABI

/// One `StorageOperation` with its byte fields placed in a `ByteArena`, ready to become an
/// `lkh_storage_op` once the arena's memory is pinned. A value type: confine it to one call.
struct OperationSpan {
    private let kind: Int32
    private let owner: Range<Int>
    private let collection: Range<Int>
    private let key: Range<Int>
    private let parent: Range<Int>
    private let sort: Int64
    private let flags: Int64
    private let value: Range<Int>

    init(_ operation: StorageOperation, into arena: inout ByteArena) {
        switch operation {
        case .put(let record):
            kind = LKH_STORAGE_PUT
            owner = arena.add(record.owner)
            collection = arena.add(record.collection.utf8)
            key = arena.add(record.key)
            parent = arena.add(record.parent)
            sort = record.sort
            flags = record.flags
            value = arena.add(record.value)
        case .delete(let owner, let collection, let key):
            kind = LKH_STORAGE_DELETE
            self.owner = arena.add(owner)
            self.collection = arena.add(collection.utf8)
            self.key = arena.add(key)
            parent = 0..<0
            sort = 0
            flags = 0
            value = 0..<0
        case .deleteParent(let owner, let collection, let parent):
            kind = LKH_STORAGE_DELETE_PARENT
            self.owner = arena.add(owner)
            self.collection = arena.add(collection.utf8)
            key = 0..<0
            self.parent = arena.add(parent)
            sort = 0
            flags = 0
            value = 0..<0
        }
    }

    /// The C operation, its bytes borrowed through `bytes` (valid while the arena is pinned).
    func op(_ bytes: (Range<Int>) -> lkh_bytes) -> lkh_storage_op {
        lkh_storage_op(
            struct_size: UInt32(MemoryLayout<lkh_storage_op>.size), kind: kind,
            record: lkh_record(
                struct_size: UInt32(MemoryLayout<lkh_record>.size), owner: bytes(owner), collection: bytes(collection),
                key: bytes(key), parent: bytes(parent), sort: sort, flags: flags, value: bytes(value)))
    }
}
