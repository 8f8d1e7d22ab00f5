import PluginABI

extension StoredRecord {
    /// Lends each record in turn to `call` as an `lkh_record` (the record and its bytes valid only
    /// during that call, as the ABI's `lkh_record_fn` has it), until `call` answers non-zero.
    /// One buffer holds the bytes of every record in turn.
    public static func lend(_ records: [StoredRecord], to call: (UnsafePointer<lkh_record>) -> Int32) {
        var arena = ByteArena()
        for record in records {
            arena.reset()
            let span = RecordSpan(record, into: &arena)
            let answer = arena.withBytes { bytes in
                var lent = span.record(bytes)
                return call(&lent)
            }
            if answer != 0 { return }
        }
    }
}

/// The fields of one `lkh_record` with their bytes placed in a `ByteArena`, ready to become the C
/// record once the arena's memory is pinned. A value type: confine it to one call.
struct RecordSpan {
    private let owner: Range<Int>
    private let collection: Range<Int>
    private let key: Range<Int>
    private let parent: Range<Int>
    private let sort: Int64
    private let flags: Int64
    private let value: Range<Int>

    init(_ record: StoredRecord, into arena: inout ByteArena) {
        self.init(
            owner: record.owner, collection: record.collection, key: record.key, parent: record.parent, sort: record.sort,
            flags: record.flags, value: record.value, into: &arena)
    }

    /// The fields an operation that is not a put uses; the others are left empty.
    init(
        owner: [UInt8], collection: String, key: [UInt8] = [], parent: [UInt8] = [], sort: Int64 = 0, flags: Int64 = 0,
        value: [UInt8] = [], into arena: inout ByteArena
    ) {
        self.owner = arena.add(owner)
        self.collection = arena.add(collection.utf8)
        self.key = arena.add(key)
        self.parent = arena.add(parent)
        self.sort = sort
        self.flags = flags
        self.value = arena.add(value)
    }

    /// The C record, its bytes borrowed through `bytes` (valid while the arena is pinned).
    func record(_ bytes: (Range<Int>) -> lkh_bytes) -> lkh_record {
        lkh_record(
            struct_size: UInt32(MemoryLayout<lkh_record>.size), owner: bytes(owner), collection: bytes(collection),
            key: bytes(key), parent: bytes(parent), sort: sort, flags: flags, value: bytes(value))
    }
}
