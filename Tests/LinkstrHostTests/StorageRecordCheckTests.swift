import LinkstrHost
import LinkstrPluginKit
import PluginABI
import PluginTesting
import Testing

/// The host reads each record a storage plugin hands back by the storage rules: a collection that is
/// not printable ASCII (here not even UTF-8) is refused with the plugin named, never altered into a
/// name the host did not store.
@Suite struct StorageRecordCheckTests {
    static let pluginID = "org.linkstr.test.bad-records"

    /// A storage plugin in this process whose `get` and `query` return one record of collection
    /// "p" followed by the byte 0xFF.
    static let descriptor = PluginDescriptor.make(
        id: pluginID, name: "Bad records", version: "1.0.0", provides: [LKH_CAP_STORAGE_V1],
        create: { _, out, _ in
            out?.pointee = UnsafeMutableRawPointer(mutating: vtable)
            return LKH_OK
        },
        destroy: { _ in }, getCapability: { _, _ in vtable })

    nonisolated(unsafe) static let vtable: UnsafeRawPointer = {
        let table = UnsafeMutablePointer<lkh_storage_v1>.allocate(capacity: 1)
        table.initialize(to: lkh_storage_v1())
        table.pointee.struct_size = UInt32(MemoryLayout<lkh_storage_v1>.size)
        table.pointee.get = { _, _, _, _, function, context, _ in
            StorageRecordCheckTests.handBadRecord(function, context)
        }
        table.pointee.query = { _, _, function, context, _ in
            StorageRecordCheckTests.handBadRecord(function, context)
        }
        return UnsafeRawPointer(table)
    }()

    private static func handBadRecord(_ function: lkh_record_fn?, _ context: UnsafeMutableRawPointer?) -> lkh_status {
        let collection: [UInt8] = [0x70, 0xFF]
        let key: [UInt8] = [0x6B]
        collection.withUnsafeBufferPointer { collection in
            key.withUnsafeBufferPointer { key in
                var record = lkh_record()
                record.struct_size = UInt32(MemoryLayout<lkh_record>.size)
                record.collection = lkh_bytes(data: collection.baseAddress, len: collection.count)
                record.key = lkh_bytes(data: key.baseAddress, len: key.count)
                _ = function?(context, &record)
            }
        }
        return LKH_OK
    }

    private func backend() throws -> StorageBackend {
        let instance = try FakeHost(pluginID: Self.pluginID).load(descriptor: Self.descriptor.pointer)
        return StorageBackend(try instance.capability(LKH_CAP_STORAGE_V1, as: lkh_storage_v1.self))
    }

    static let refusal =
        "storage plugin 'org.linkstr.test.bad-records': its record breaks the storage rules (collection must be 1…64 printable ASCII characters); refused"

    @Test func refusesAQueriedRecordWhoseCollectionIsNotASCII() throws {
        let store = try backend()
        let error = #expect(throws: PluginError.self) { try store.query(StorageQuery(owner: [], collection: "p")) }
        #expect(error?.status == .protocol)
        #expect(error?.message == Self.refusal)
    }

    @Test func refusesARecordReadByKeyWhoseCollectionIsNotASCII() throws {
        let store = try backend()
        let error = #expect(throws: PluginError.self) { try store.get(owner: [], collection: "p", key: [0x6B]) }
        #expect(error?.status == .protocol)
        #expect(error?.message == Self.refusal)
    }
}
