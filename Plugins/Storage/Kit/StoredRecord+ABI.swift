import PluginABI

extension StoredRecord {
    /// Calls `body` with an `lkh_record` whose bytes borrow this record's arrays (valid only inside
    /// `body`, as the ABI's record callbacks require).
    func withCRecord<Result>(_ body: (UnsafePointer<lkh_record>) -> Result) -> Result {
        owner.withUnsafeBufferPointer { owner in
            collection.withUnsafeBufferPointer { collection in
                key.withUnsafeBufferPointer { key in
                    parent.withUnsafeBufferPointer { parent in
                        value.withUnsafeBufferPointer { value in
                            var record = lkh_record(
                                struct_size: UInt32(MemoryLayout<lkh_record>.size),
                                owner: lkh_bytes(data: owner.baseAddress, len: owner.count),
                                collection: lkh_bytes(data: collection.baseAddress, len: collection.count),
                                key: lkh_bytes(data: key.baseAddress, len: key.count),
                                parent: lkh_bytes(data: parent.baseAddress, len: parent.count),
                                sort: sort, flags: flags,
                                value: lkh_bytes(data: value.baseAddress, len: value.count))
                            return withUnsafePointer(to: &record) { body($0) }
                        }
                    }
                }
            }
        }
    }
}
