import LinkstrHost
import LinkstrPluginKit
import PluginABI
import Testing

/// Calls through the C vtable directly, for what the Swift wrapper never sends.
@Suite("Storage ABI edges")
struct RawABITests {
    @Test("a query stops when the callback returns non-zero", arguments: BackendKind.tested)
    func stopEarly(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        try store.backend.apply((0..<10).map { .put(Records.post(owner, "p\($0)", sort: Int64($0))) })
        let vtable = store.backend.capability.vtable.pointee
        var delivered = 0
        var error = LKHErrorSlot.make()
        let status = owner.withUnsafeBufferPointer { ownerBytes in
            Array("post".utf8).withUnsafeBufferPointer { collection in
                var query = lkh_storage_query()
                query.struct_size = UInt32(MemoryLayout<lkh_storage_query>.size)
                query.owner = lkh_bytes(data: ownerBytes.baseAddress, len: ownerBytes.count)
                query.collection = lkh_bytes(data: collection.baseAddress, len: collection.count)
                query.sort_min = .min
                query.sort_max = .max
                return withUnsafeMutablePointer(to: &delivered) { counter in
                    vtable.query!(
                        store.backend.capability.rawInstance, &query,
                        { context, _ in
                            let counter = context!.assumingMemoryBound(to: Int.self)
                            counter.pointee += 1
                            return counter.pointee == 3 ? 1 : 0
                        }, counter, &error)
                }
            }
        }
        #expect(status == LKH_OK)
        #expect(delivered == 3)
    }

    @Test("an unknown operation kind and a short struct are refused", arguments: BackendKind.tested)
    func unknownKind(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let vtable = store.backend.capability.vtable.pointee
        let owner = Records.owner()
        func apply(kind: Int32, structSize: UInt32) -> PluginError? {
            var error = LKHErrorSlot.make()
            let status = owner.withUnsafeBufferPointer { ownerBytes in
                Array("post".utf8).withUnsafeBufferPointer { collection in
                    var op = lkh_storage_op()
                    op.struct_size = structSize
                    op.kind = kind
                    op.record.struct_size = UInt32(MemoryLayout<lkh_record>.size)
                    op.record.owner = lkh_bytes(data: ownerBytes.baseAddress, len: ownerBytes.count)
                    op.record.collection = lkh_bytes(data: collection.baseAddress, len: collection.count)
                    op.record.key = lkh_bytes(data: collection.baseAddress, len: collection.count)
                    return vtable.apply!(store.backend.capability.rawInstance, &op, 1, &error)
                }
            }
            return status == LKH_OK ? nil : PluginError(status: status, error: &error)
        }
        let unknown = try #require(apply(kind: 9, structSize: UInt32(MemoryLayout<lkh_storage_op>.size)))
        #expect(unknown.status == .invalid)
        #expect(unknown.message.contains("unknown operation kind 9"))
        let short = try #require(apply(kind: LKH_STORAGE_PUT, structSize: 8))
        #expect(short.status == .invalid)
        #expect(short.message.contains("struct_size"))
        #expect(apply(kind: LKH_STORAGE_PUT, structSize: UInt32(MemoryLayout<lkh_storage_op>.size)) == nil)
        #expect(try store.backend.count(owner: owner) == 1)
    }
}
