import LinkstrHost

private typealias Records = StorageTestRecords

/// Writing, reading, deleting and counting records.
extension StorageConformance {
    static let putAndGet = StorageConformanceCheck("put, get, replace and binary fields") { check in
        let store = check.backend
        let owner = Records.owner()
        let first = StoredRecord(
            owner: owner, collection: "post", key: [0, 1, 2, 0xFF], parent: [], sort: -5, flags: .min, value: [0, 0, 7])
        try store.apply([.put(first)])
        check.expect(try store.get(owner: owner, collection: "post", key: [0, 1, 2, 0xFF]), equals: first, "get after put")
        check.expect(try store.get(owner: owner, collection: "post", key: [0, 1, 2]), equals: nil, "get of a key prefix")
        check.expect(try store.get(owner: owner, collection: "session", key: [0, 1, 2, 0xFF]), equals: nil, "get in another collection")

        var replaced = first
        replaced.parent = Records.bytes("s9")
        replaced.sort = .max
        replaced.flags = 3
        replaced.value = []
        try store.apply([.put(replaced)])
        check.expect(try store.get(owner: owner, collection: "post", key: first.key), equals: replaced, "get after a put replaced the record")
        check.expect(try store.count(owner: owner, collection: "post"), equals: 1, "count after replacing")

        let large = Records.post(owner, "large", value: String(repeating: "x", count: 300_000))
        try store.apply([.put(large)])
        check.expect(try store.get(owner: owner, collection: "post", key: large.key), equals: large, "get of a 300 kB value")
    }

    static let emptyOwner = StorageConformanceCheck("host-wide records have an empty owner") { check in
        let store = check.backend
        let collection = Records.hostWideCollection()
        let relay = StoredRecord(owner: [], collection: collection, key: Records.bytes("wss://relay.example"), flags: 1)
        try store.apply([.put(relay)])
        check.expect(try store.get(owner: [], collection: collection, key: relay.key), equals: relay, "get of a host-wide record")
        try store.apply([.delete(owner: [], collection: collection, key: relay.key)])
        check.expect(try store.count(owner: [], collection: collection), equals: 0, "count after deleting the host-wide record")
    }

    static let deletes = StorageConformanceCheck("delete by key and by parent") { check in
        let store = check.backend
        let owner = Records.owner()
        let other = Records.owner()
        try store.apply([
            .put(Records.post(owner, "a", session: "s1")), .put(Records.post(owner, "b", session: "s1")),
            .put(Records.post(owner, "c", session: "s2")),
            .put(StoredRecord(owner: owner, collection: "reaction", key: Records.bytes("r"), parent: Records.bytes("s1"))),
            .put(Records.post(other, "a", session: "s1")),
        ])
        try store.apply([
            .delete(owner: owner, collection: "post", key: Records.bytes("a")),
            .delete(owner: owner, collection: "post", key: Records.bytes("absent")),
        ])
        check.expect(try store.get(owner: owner, collection: "post", key: Records.bytes("a")), equals: nil, "get after delete")
        check.expect(try store.count(owner: owner, collection: "post"), equals: 2, "count after deleting one record and an absent one")

        try store.apply([.deleteParent(owner: owner, collection: "post", parent: Records.bytes("s1"))])
        let left = try store.query(StorageQuery(owner: owner, collection: "post"))
        check.expect(Records.keys(left), equals: ["c"], "records left after deleting parent s1")
        check.expect(try store.count(owner: owner, collection: "reaction"), equals: 1, "another collection keeps its records")
        check.expect(try store.count(owner: other, collection: "post"), equals: 1, "another owner keeps its records")
    }

    static let counting = StorageConformanceCheck("count per collection and over every collection") { check in
        let store = check.backend
        let owner = Records.owner()
        check.expect(try store.count(owner: owner), equals: 0, "count of a new owner")
        try store.apply(
            (0..<5).map { .put(Records.post(owner, "p\($0)")) }
                + (0..<3).map { .put(StoredRecord(owner: owner, collection: "session", key: Records.bytes("s\($0)"))) })
        check.expect(try store.count(owner: owner, collection: "post"), equals: 5, "count of post")
        check.expect(try store.count(owner: owner, collection: "session"), equals: 3, "count of session")
        check.expect(try store.count(owner: owner, collection: "contact"), equals: 0, "count of an empty collection")
        check.expect(try store.count(owner: owner), equals: 8, "count over every collection")
    }

    static let ownerIsolation = StorageConformanceCheck("one owner never sees another's records") { check in
        let store = check.backend
        let alice = Records.owner()
        let bob = Records.owner()
        try store.apply([
            .put(Records.post(alice, "same", value: "alice")), .put(Records.post(bob, "same", value: "bob")),
            .put(Records.post(bob, "only-bob")),
        ])
        check.expect(try store.get(owner: alice, collection: "post", key: Records.bytes("same"))?.value, equals: Records.bytes("alice"), "alice's value")
        check.expect(try store.get(owner: alice, collection: "post", key: Records.bytes("only-bob")), equals: nil, "alice reads bob's key")
        check.expect(Records.keys(try store.query(StorageQuery(owner: alice, collection: "post"))), equals: ["same"], "alice's query")
        check.expect(try store.count(owner: alice), equals: 1, "alice's count")
        try store.apply([.deleteParent(owner: alice, collection: "post", parent: Records.bytes("s1"))])
        check.expect(try store.count(owner: bob), equals: 2, "deleting alice's session leaves bob's records")
    }

    static let deleteOwner = StorageConformanceCheck("clearing an account deletes all its records and nothing else") { check in
        let store = check.backend
        let owner = Records.owner()
        let other = Records.owner()
        let hostWide = Records.hostWideCollection()
        try store.apply(
            (0..<20).map { .put(Records.post(owner, "p\($0)", session: "s\($0 % 3)")) }
                + [
                    .put(StoredRecord(owner: owner, collection: "session", key: Records.bytes("s1"))),
                    .put(StoredRecord(owner: owner, collection: "contact", key: Records.bytes("c1"))),
                    .put(Records.post(other, "p1")), .put(StoredRecord(owner: [], collection: hostWide, key: Records.bytes("r"))),
                ])
        check.expect(try store.deleteOwner(owner), equals: 22, "records delete_owner reports")
        check.expect(try store.count(owner: owner), equals: 0, "count after delete_owner")
        check.expect(try store.query(StorageQuery(owner: owner, collection: "post")).isEmpty, "a query after delete_owner finds nothing")
        check.expect(try store.count(owner: other), equals: 1, "another owner keeps its records")
        check.expect(try store.count(owner: [], collection: hostWide), equals: 1, "host-wide records stay")
        check.expect(try store.deleteOwner(owner), equals: 0, "clearing twice is fine")
    }

    static let describe = StorageConformanceCheck("the plugin describes itself") { check in
        guard let description = check.backend.describe() else { return check.fail("describe is NULL or wrote nothing") }
        check.expect(description.contains("\"backend\":"), "the description names its backend: \(description)")
        check.expect(description.contains("\"open\":true"), "the description says the store is open: \(description)")
    }
}
