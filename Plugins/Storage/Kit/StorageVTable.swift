import LinkstrPluginKit
import PluginABI

/// The `lkh_storage_v1` table of a storage plugin: C thunks that call the instance's `StorageBackend`.
///
/// Nothing crosses the ABI but a status and a message: every `PluginError` an backend throws is written
/// into the caller's `lkh_error` slot. Thread rule: the table is immutable and shared by every instance
/// of the plugin; the thunks are as thread-safe as the backend (`StorageBackend`).
enum StorageVTable {
    /// Built once per plugin image and never freed (plugins are never unloaded).
    nonisolated(unsafe) static let pointer: UnsafeRawPointer = {
        let table = UnsafeMutablePointer<lkh_storage_v1>.allocate(capacity: 1)
        table.initialize(to: lkh_storage_v1())
        table.pointee.struct_size = UInt32(MemoryLayout<lkh_storage_v1>.size)
        table.pointee.open = { instance, error in
            StorageVTable.run(error) { () throws(PluginError) in try StorageVTable.backend(instance).open() }
        }
        table.pointee.apply = { instance, ops, count, error in
            StorageVTable.run(error) { () throws(PluginError) in
                let backend = try StorageVTable.backend(instance)
                try backend.apply(try StorageInput.operations(ops, count: count))
            }
        }
        table.pointee.get = { instance, owner, collection, key, function, context, error in
            StorageVTable.run(error) { () throws(PluginError) in
                let backend = try StorageVTable.backend(instance)
                let found = try backend.get(
                    owner: try StorageInput.owner(owner), collection: try StorageInput.collection(collection),
                    key: try StorageInput.key(key))
                guard let found else { throw PluginError(.notFound, "no such record") }
                guard let function else { return }
                StoredRecord.lend([found]) { record in function(context, record) }
            }
        }
        table.pointee.query = { instance, query, function, context, error in
            StorageVTable.run(error) { () throws(PluginError) in
                let backend = try StorageVTable.backend(instance)
                // Crossed sort bounds match nothing.
                guard let query = try StorageInput.query(query) else { return }
                let records = try backend.query(query)
                guard let function else { return }
                StoredRecord.lend(records) { record in function(context, record) }
            }
        }
        table.pointee.count = { instance, owner, collection, outCount, error in
            StorageVTable.run(error) { () throws(PluginError) in
                let backend = try StorageVTable.backend(instance)
                guard let outCount else { throw PluginError(.invalid, "count: out_count is NULL") }
                outCount.pointee = try backend.count(
                    owner: try StorageInput.owner(owner), collection: try StorageInput.optionalCollection(collection))
            }
        }
        table.pointee.delete_owner = { instance, owner, outDeleted, error in
            StorageVTable.run(error) { () throws(PluginError) in
                let backend = try StorageVTable.backend(instance)
                let deleted = try backend.deleteOwner(try StorageInput.owner(owner))
                outDeleted?.pointee = deleted
            }
        }
        table.pointee.describe = { instance, buffer, capacity in
            guard let instance else { return 0 }
            let backend = InstanceBox.borrow(instance, as: StorageInstance.self).backend
            return CStringBuffer.write(backend.describe(), into: buffer, capacity: capacity)
        }
        return UnsafeRawPointer(table)
    }()

    static func backend(_ instance: UnsafeMutableRawPointer?) throws(PluginError) -> any StorageBackend {
        guard let instance else { throw PluginError(.invalid, "the instance pointer is NULL") }
        return InstanceBox.borrow(instance, as: StorageInstance.self).backend
    }

    /// Runs `body` and turns its outcome into a status, writing the message of a failure into `slot`.
    static func run(_ slot: UnsafeMutablePointer<lkh_error>?, _ body: () throws(PluginError) -> Void) -> lkh_status {
        do {
            try body()
            return LKH_OK
        } catch {
            LKHErrorSlot.write(slot, error.status, error.message)
            return error.status.rawValue
        }
    }
}
