import LinkstrPluginKit

/// The records of one (owner, collection) with their two orders: all of them by (sort, key), and per
/// parent by (sort, key) — the in-memory twins of the indexes the header asks for.
/// A value type: confine it (`MemoryBackend` keeps it behind its mutex).
struct RecordGroup: Sendable {
    private(set) var records: [[UInt8]: StoredRecord] = [:]
    private var all = SortedKeys()
    private var byParent: [[UInt8]: SortedKeys] = [:]

    var count: Int { records.count }

    mutating func put(_ record: StoredRecord) {
        remove(key: record.key)
        records[record.key] = record
        let position = OrderKey(sort: record.sort, key: record.key)
        all.insert(position)
        byParent[record.parent, default: SortedKeys()].insert(position)
    }

    /// Removes the record with `key`; returns whether there was one.
    @discardableResult
    mutating func remove(key: [UInt8]) -> Bool {
        guard let old = records.removeValue(forKey: key) else { return false }
        let position = OrderKey(sort: old.sort, key: old.key)
        all.remove(position)
        byParent[old.parent]?.remove(position)
        if byParent[old.parent]?.isEmpty == true { byParent[old.parent] = nil }
        return true
    }

    mutating func removeAll(parent: [UInt8]) {
        guard let keys = byParent[parent]?.items else { return }
        for position in keys { remove(key: position.key) }
    }

    /// The matching records in query order, at most `query.limit`.
    func select(_ query: StorageQuery) -> [StoredRecord] {
        let order: SortedKeys
        if let parent = query.parent {
            guard let keys = byParent[parent] else { return [] }
            order = keys
        } else {
            order = all
        }
        let range = order.range(sort: query.sortRange)
        let limit = query.limit ?? Int.max
        var result: [StoredRecord] = []
        let indices: [Int] = query.descending ? range.reversed() : Array(range)
        for index in indices {
            guard result.count < limit else { break }
            guard let record = records[order.items[index].key], record.flags & query.flagsMask == query.flagsValue else {
                continue
            }
            result.append(record)
        }
        return result
    }
}
