import PluginABI

extension StorageOperation {
    /// Lends `operations` to `call` as an array of `lkh_storage_op` (an `apply` batch): their bytes
    /// are copied into one buffer that lives until `call` returns.
    public static func lending<Result>(
        _ operations: [StorageOperation], _ call: (UnsafeBufferPointer<lkh_storage_op>) -> Result
    ) -> Result {
        var arena = ByteArena()
        let spans = operations.map { operation in OperationSpan(operation, into: &arena) }
        return arena.withBytes { bytes in
            spans.map { $0.op(bytes) }.withUnsafeBufferPointer(call)
        }
    }
}

/// One `StorageOperation` with its byte fields placed in a `ByteArena`, ready to become an
/// `lkh_storage_op` once the arena's memory is pinned. A value type: confine it to one call.
struct OperationSpan {
    private let kind: Int32
    private let record: RecordSpan

    init(_ operation: StorageOperation, into arena: inout ByteArena) {
        switch operation {
        case .put(let record):
            kind = LKH_STORAGE_PUT
            self.record = RecordSpan(record, into: &arena)
        case .delete(let owner, let collection, let key):
            kind = LKH_STORAGE_DELETE
            record = RecordSpan(owner: owner, collection: collection, key: key, into: &arena)
        case .deleteParent(let owner, let collection, let parent):
            kind = LKH_STORAGE_DELETE_PARENT
            record = RecordSpan(owner: owner, collection: collection, parent: parent, into: &arena)
        }
    }

    /// The C operation, its bytes borrowed through `bytes` (valid while the arena is pinned).
    func op(_ bytes: (Range<Int>) -> lkh_bytes) -> lkh_storage_op {
        lkh_storage_op(struct_size: UInt32(MemoryLayout<lkh_storage_op>.size), kind: kind, record: record.record(bytes))
    }
}
