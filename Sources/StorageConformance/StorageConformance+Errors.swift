import LinkstrHost
import LinkstrPluginKit

private typealias Records = StorageTestRecords

/// Transactions and the refusal of bad input.
extension StorageConformance {
    static let failedBatch = StorageConformanceCheck("a failed batch leaves nothing behind") { check in
        let store = check.backend
        let owner = Records.owner()
        try store.apply([.put(Records.post(owner, "kept", value: "old"))])
        check.expectFailure("a batch whose operation 2 is bad", status: .invalid, mentioning: "operation 2") { () throws(PluginError) in
            try store.apply([
                .put(Records.post(owner, "new")),
                .put(Records.post(owner, "kept", value: "changed")),
                .put(StoredRecord(owner: owner, collection: "", key: Records.bytes("bad"))),
            ])
        }
        check.expect(try store.get(owner: owner, collection: "post", key: Records.bytes("new")), equals: nil, "the batch's first put")
        check.expect(
            try store.get(owner: owner, collection: "post", key: Records.bytes("kept"))?.value, equals: Records.bytes("old"),
            "the record the batch replaced")
        check.expect(try store.count(owner: owner), equals: 1, "count after the failed batch")
    }

    static let badInput = StorageConformanceCheck("bad input is refused with a reason") { check in
        let store = check.backend
        let owner = Records.owner()
        let cases: [(StoredRecord, String)] = [
            (StoredRecord(owner: [1, 2, 3], collection: "post", key: [1]), "owner"),
            (StoredRecord(owner: owner, collection: "has space", key: [1]), "collection"),
            (StoredRecord(owner: owner, collection: String(repeating: "c", count: 65), key: [1]), "collection"),
            (StoredRecord(owner: owner, collection: "post", key: []), "key"),
            (StoredRecord(owner: owner, collection: "post", key: [UInt8](repeating: 1, count: 256)), "key"),
            (StoredRecord(owner: owner, collection: "post", key: [1], parent: [UInt8](repeating: 1, count: 256)), "parent"),
        ]
        for (record, field) in cases {
            check.expectFailure("a put with a bad \(field)", status: .invalid, mentioning: field) { () throws(PluginError) in try store.apply([.put(record)]) }
        }
        check.expectFailure("a query with a 1-byte owner", status: .invalid) { () throws(PluginError) in
            _ = try store.query(StorageQuery(owner: [9], collection: "post"))
        }
        check.expect(try store.count(owner: owner), equals: 0, "count after the refused puts")
        let longest = StoredRecord(owner: owner, collection: String(repeating: "c", count: 64), key: [UInt8](repeating: 0xFF, count: 255))
        try store.apply([.put(longest)])
        check.expect(try store.get(owner: owner, collection: longest.collection, key: longest.key), equals: longest, "the longest collection and key")
    }
}
