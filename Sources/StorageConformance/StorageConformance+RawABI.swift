import LinkstrHost
import LinkstrPluginKit
import PluginABI

private typealias Records = StorageTestRecords

/// Calls through the C vtable directly, for what `StorageBackend` never sends.
extension StorageConformance {
    static let stopEarly = StorageConformanceCheck("a query stops when the callback returns non-zero") { check in
        let store = check.backend
        let owner = Records.owner()
        try store.apply((0..<10).map { .put(Records.post(owner, "p\($0)", sort: Int64($0))) })
        guard let (status, delivered) = query(store, owner: owner, sortMin: .min, sortMax: .max, stopAfter: 3) else {
            return check.fail("query is NULL")
        }
        check.expect(status, equals: LKH_OK, "status of the stopped query")
        check.expect(delivered, equals: 3, "records delivered before the callback said stop")
    }

    static let crossedSortBounds = StorageConformanceCheck("a query whose sort_min is above its sort_max matches nothing") { check in
        let store = check.backend
        let owner = Records.owner()
        try store.apply((0..<10).map { .put(Records.post(owner, "p\($0)", sort: Int64($0))) })
        guard let (status, delivered) = query(store, owner: owner, sortMin: 7, sortMax: 3, stopAfter: nil) else {
            return check.fail("query is NULL")
        }
        check.expect(status, equals: LKH_OK, "status of the query from sort 7 to sort 3")
        check.expect(delivered, equals: 0, "records delivered")
    }

    /// Runs a query of the owner's posts from `sortMin` to `sortMax` whose callback counts the
    /// records and says stop after `stopAfter` of them; nil when the plugin has no query.
    private static func query(
        _ store: StorageBackend, owner: [UInt8], sortMin: Int64, sortMax: Int64, stopAfter: Int?
    ) -> (status: lkh_status, delivered: Int)? {
        guard let query = store.capability.vtable.pointee.query else { return nil }
        var counter = (delivered: 0, stopAfter: stopAfter)
        var error = LKHErrorSlot.make()
        let status = owner.withUnsafeBufferPointer { ownerBytes in
            Array("post".utf8).withUnsafeBufferPointer { collection in
                var request = lkh_storage_query()
                request.struct_size = UInt32(MemoryLayout<lkh_storage_query>.size)
                request.owner = lkh_bytes(data: ownerBytes.baseAddress, len: ownerBytes.count)
                request.collection = lkh_bytes(data: collection.baseAddress, len: collection.count)
                request.sort_min = sortMin
                request.sort_max = sortMax
                return withUnsafeMutablePointer(to: &counter) { counter in
                    query(
                        store.capability.rawInstance, &request,
                        { context, _ in
                            let counter = context!.assumingMemoryBound(to: (delivered: Int, stopAfter: Int?).self)
                            counter.pointee.delivered += 1
                            return counter.pointee.delivered == counter.pointee.stopAfter ? 1 : 0
                        }, counter, &error)
                }
            }
        }
        return (status, counter.delivered)
    }

    static let rawOperations = StorageConformanceCheck(
        "an unknown operation kind and a short struct are refused; a longer struct is read with its stride"
    ) { check in
        let store = check.backend
        let owner = Records.owner()
        let unknown = StorageConformance.apply(store, owner: owner, keys: ["k"], kind: 9, structSize: MemoryLayout<lkh_storage_op>.size)
        check.expect(unknown?.status, equals: .invalid, "an unknown operation kind")
        check.expect(unknown?.message.contains("unknown operation kind 9") == true, "the message names the kind: \(unknown?.message ?? "")")
        let short = StorageConformance.apply(store, owner: owner, keys: ["k"], kind: LKH_STORAGE_PUT, structSize: 8)
        check.expect(short?.status, equals: .invalid, "an lkh_storage_op with struct_size 8")
        check.expect(short?.message.contains("struct_size") == true, "the message names struct_size: \(short?.message ?? "")")
        check.expect(try store.count(owner: owner), equals: 0, "count after the refused operations")
        // A host built against a later minor appends fields: each element is struct_size bytes long.
        let newer = MemoryLayout<lkh_storage_op>.size + 24
        let accepted = StorageConformance.apply(store, owner: owner, keys: ["a", "b", "c"], kind: LKH_STORAGE_PUT, structSize: newer)
        check.expect(accepted, equals: nil, "three puts whose struct_size is 24 bytes larger than this header's")
        let stored = Records.keys(try store.query(StorageQuery(owner: owner, collection: "post")))
        check.expect(stored, equals: ["a", "b", "c"], "the records of the longer structs")
    }

    /// Calls `apply` with one operation per key, each `structSize` bytes apart; nil when it succeeds.
    private static func apply(_ store: StorageBackend, owner: [UInt8], keys: [String], kind: Int32, structSize: Int) -> PluginError? {
        guard let apply = store.capability.vtable.pointee.apply else { return PluginError(.unsupported, "apply is NULL") }
        let stride = max(structSize, MemoryLayout<lkh_storage_op>.size)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: stride * keys.count, alignment: MemoryLayout<lkh_storage_op>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: stride * keys.count)
        let collection = Array("post".utf8)
        let keyBytes = keys.map { Array($0.utf8) }
        var error = LKHErrorSlot.make()
        let status = owner.withUnsafeBufferPointer { ownerBytes in
            collection.withUnsafeBufferPointer { collectionBytes in
                withPointers(to: keyBytes) { keyPointers in
                    for (index, key) in keyPointers.enumerated() {
                        let op = (buffer + index * stride).assumingMemoryBound(to: lkh_storage_op.self)
                        op.pointee.struct_size = UInt32(structSize)
                        op.pointee.kind = kind
                        op.pointee.record.struct_size = UInt32(MemoryLayout<lkh_record>.size)
                        op.pointee.record.owner = lkh_bytes(data: ownerBytes.baseAddress, len: ownerBytes.count)
                        op.pointee.record.collection = lkh_bytes(data: collectionBytes.baseAddress, len: collectionBytes.count)
                        op.pointee.record.key = key
                    }
                    return apply(store.capability.rawInstance, buffer.assumingMemoryBound(to: lkh_storage_op.self), keys.count, &error)
                }
            }
        }
        return status == LKH_OK ? nil : PluginError(status: status, error: &error)
    }

    /// Calls `body` with an `lkh_bytes` borrowing each array of `arrays`.
    private static func withPointers<Result>(to arrays: [[UInt8]], _ body: ([lkh_bytes]) -> Result) -> Result {
        guard let first = arrays.first else { return body([]) }
        return first.withUnsafeBufferPointer { bytes in
            withPointers(to: Array(arrays.dropFirst())) { rest in body([lkh_bytes(data: bytes.baseAddress, len: bytes.count)] + rest) }
        }
    }
}
