import LinkstrPluginKit
import StoragePluginKit
import Synchronization

/// The in-memory storage backend: every (owner, collection) is a `RecordGroup` kept sorted like the
/// SQL backends' indexes, so that the conformance suite's ordering and limits hold here too.
///
/// Thread rule: all methods are thread-safe; one mutex guards the whole store, so every call sees and
/// leaves a consistent state. An `apply` batch is validated before it gets here and cannot fail half
/// way, so applying it under the lock is all-or-nothing.
final class MemoryBackend: StorageBackend {
    private struct GroupID: Hashable {
        var owner: [UInt8]
        var collection: String
    }

    private let groups = Mutex<[GroupID: RecordGroup]>([:])

    func open() throws(PluginError) {}

    func apply(_ operations: [StorageOperation]) throws(PluginError) {
        groups.withLock { groups in
            for operation in operations {
                switch operation {
                case .put(let record):
                    groups[GroupID(owner: record.owner, collection: record.collection), default: RecordGroup()].put(record)
                case .delete(let owner, let collection, let key):
                    let id = GroupID(owner: owner, collection: collection)
                    groups[id]?.remove(key: key)
                    if groups[id]?.count == 0 { groups[id] = nil }
                case .deleteParent(let owner, let collection, let parent):
                    let id = GroupID(owner: owner, collection: collection)
                    groups[id]?.removeAll(parent: parent)
                    if groups[id]?.count == 0 { groups[id] = nil }
                }
            }
        }
    }

    func get(owner: [UInt8], collection: String, key: [UInt8]) throws(PluginError) -> StoredRecord? {
        groups.withLock { $0[GroupID(owner: owner, collection: collection)]?.records[key] }
    }

    func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord] {
        groups.withLock { $0[GroupID(owner: query.owner, collection: query.collection)]?.select(query) ?? [] }
    }

    func count(owner: [UInt8], collection: String?) throws(PluginError) -> UInt64 {
        groups.withLock { groups in
            if let collection { return UInt64(groups[GroupID(owner: owner, collection: collection)]?.count ?? 0) }
            return groups.reduce(0) { total, entry in entry.key.owner == owner ? total + UInt64(entry.value.count) : total }
        }
    }

    func deleteOwner(_ owner: [UInt8]) throws(PluginError) -> UInt64 {
        groups.withLock { groups in
            var deleted: UInt64 = 0
            for id in groups.keys where id.owner == owner {
                deleted += UInt64(groups.removeValue(forKey: id)?.count ?? 0)
            }
            return deleted
        }
    }

    func describe() -> String {
        StorageDescription(backend: "memory", location: "process memory (not persisted)", schemaVersion: nil, isOpen: true, isPersistent: false).json
    }

    func close() {
        groups.withLock { $0.removeAll() }
    }
}
