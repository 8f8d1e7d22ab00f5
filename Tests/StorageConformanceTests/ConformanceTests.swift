import LinkstrHost
import LinkstrPluginKit
import Testing

/// The storage contract (linkstr_plugin.h, "Capability: storage"), run against every backend.
@Suite("Storage conformance")
struct ConformanceTests {
    @Test("put, get, replace and binary fields", arguments: BackendKind.tested)
    func putAndGet(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        let first = StoredRecord(
            owner: owner, collection: "post", key: [0, 1, 2, 0xFF], parent: [], sort: -5, flags: .min, value: [0, 0, 7])
        try store.backend.apply([.put(first)])
        #expect(try store.backend.get(owner: owner, collection: "post", key: [0, 1, 2, 0xFF]) == first)
        #expect(try store.backend.get(owner: owner, collection: "post", key: [0, 1, 2]) == nil)
        #expect(try store.backend.get(owner: owner, collection: "session", key: [0, 1, 2, 0xFF]) == nil)

        var replaced = first
        replaced.parent = Records.bytes("s9")
        replaced.sort = .max
        replaced.flags = 3
        replaced.value = []
        try store.backend.apply([.put(replaced)])
        #expect(try store.backend.get(owner: owner, collection: "post", key: first.key) == replaced)
        #expect(try store.backend.count(owner: owner, collection: "post") == 1)

        let large = Records.post(owner, "large", value: String(repeating: "x", count: 300_000))
        try store.backend.apply([.put(large)])
        #expect(try store.backend.get(owner: owner, collection: "post", key: large.key) == large)
    }

    @Test("host-wide records have an empty owner", arguments: BackendKind.tested)
    func emptyOwner(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let collection = "relay-\(Records.owner().prefix(4).map { String($0) }.joined())"
        let relay = StoredRecord(owner: [], collection: collection, key: Records.bytes("wss://relay.example"), flags: 1)
        try store.backend.apply([.put(relay)])
        #expect(try store.backend.get(owner: [], collection: collection, key: relay.key) == relay)
        try store.backend.apply([.delete(owner: [], collection: collection, key: relay.key)])
        #expect(try store.backend.count(owner: [], collection: collection) == 0)
    }

    @Test("delete by key and by parent", arguments: BackendKind.tested)
    func deletes(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        let other = Records.owner()
        try store.backend.apply([
            .put(Records.post(owner, "a", session: "s1")), .put(Records.post(owner, "b", session: "s1")),
            .put(Records.post(owner, "c", session: "s2")),
            .put(StoredRecord(owner: owner, collection: "reaction", key: Records.bytes("r"), parent: Records.bytes("s1"))),
            .put(Records.post(other, "a", session: "s1")),
        ])
        try store.backend.apply([
            .delete(owner: owner, collection: "post", key: Records.bytes("a")),
            .delete(owner: owner, collection: "post", key: Records.bytes("absent")),
        ])
        #expect(try store.backend.get(owner: owner, collection: "post", key: Records.bytes("a")) == nil)
        #expect(try store.backend.count(owner: owner, collection: "post") == 2)

        try store.backend.apply([.deleteParent(owner: owner, collection: "post", parent: Records.bytes("s1"))])
        let left = try store.backend.query(StorageQuery(owner: owner, collection: "post"))
        #expect(Records.keys(left) == ["c"])
        #expect(try store.backend.count(owner: owner, collection: "reaction") == 1, "another collection keeps its records")
        #expect(try store.backend.count(owner: other, collection: "post") == 1, "another owner keeps its records")
    }

    @Test("order by (sort, key), both directions, bounds, limit, parent and flags", arguments: BackendKind.tested)
    func ordering(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        // Keys compare byte by byte; a prefix sorts first ("a" < "a\0" < "b").
        try store.backend.apply([
            .put(Records.post(owner, "b", session: "s1", sort: 10, flags: 0b01)),
            .put(Records.post(owner, "a\u{0}", session: "s2", sort: 10, flags: 0b11)),
            .put(Records.post(owner, "a", session: "s1", sort: 10, flags: 0b10)),
            .put(Records.post(owner, "min", session: "s2", sort: .min, flags: 0b01)),
            .put(Records.post(owner, "max", session: "s1", sort: .max, flags: 0)),
            .put(Records.post(owner, "neg", session: "s1", sort: -1, flags: 0b101)),
            .put(Records.post(owner, "twenty", session: "s2", sort: 20, flags: 0b01)),
        ])
        func keys(_ query: StorageQuery) throws -> [String] {
            Records.keys(try store.backend.query(query))
        }
        let all = StorageQuery(owner: owner, collection: "post")
        #expect(try keys(all) == ["min", "neg", "a", "a\u{0}", "b", "twenty", "max"])
        var descending = all
        descending.descending = true
        #expect(try keys(descending) == ["max", "twenty", "b", "a\u{0}", "a", "neg", "min"])

        var bounded = all
        bounded.sortRange = 10...20
        #expect(try keys(bounded) == ["a", "a\u{0}", "b", "twenty"], "bounds are inclusive")
        bounded.sortRange = 11...19
        #expect(try keys(bounded) == [])
        bounded.sortRange = .min ... -1
        #expect(try keys(bounded) == ["min", "neg"])

        var limited = descending
        limited.limit = 2
        #expect(try keys(limited) == ["max", "twenty"])
        limited.descending = false
        limited.limit = 3
        #expect(try keys(limited) == ["min", "neg", "a"])

        var session = descending
        session.parent = Records.bytes("s1")
        #expect(try keys(session) == ["max", "b", "a", "neg"])
        session.limit = 2
        #expect(try keys(session) == ["max", "b"])
        session.parent = Records.bytes("nobody")
        #expect(try keys(session) == [])

        var flagged = all
        flagged.flagsMask = 0b01
        flagged.flagsValue = 0b01
        #expect(try keys(flagged) == ["min", "neg", "a\u{0}", "b", "twenty"])
        flagged.flagsMask = 0b11
        flagged.flagsValue = 0b10
        #expect(try keys(flagged) == ["a"])
        flagged.flagsMask = 0b01
        flagged.flagsValue = 0
        flagged.parent = Records.bytes("s1")
        flagged.limit = 1
        flagged.descending = true
        #expect(try keys(flagged) == ["max"], "flags, parent, order and limit together")
        flagged.flagsMask = 0b01
        flagged.flagsValue = 0b10
        #expect(try keys(flagged) == [], "a value outside the mask never matches")
    }

    @Test("count per collection and over every collection", arguments: BackendKind.tested)
    func counting(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        #expect(try store.backend.count(owner: owner) == 0)
        try store.backend.apply(
            (0..<5).map { .put(Records.post(owner, "p\($0)")) }
                + (0..<3).map { .put(StoredRecord(owner: owner, collection: "session", key: Records.bytes("s\($0)"))) })
        #expect(try store.backend.count(owner: owner, collection: "post") == 5)
        #expect(try store.backend.count(owner: owner, collection: "session") == 3)
        #expect(try store.backend.count(owner: owner, collection: "contact") == 0)
        #expect(try store.backend.count(owner: owner) == 8)
    }

    @Test("a failed batch leaves nothing behind", arguments: BackendKind.tested)
    func failedBatch(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        try store.backend.apply([.put(Records.post(owner, "kept", value: "old"))])
        let error = try #require(throws: PluginError.self) {
            try store.backend.apply([
                .put(Records.post(owner, "new")),
                .put(Records.post(owner, "kept", value: "changed")),
                .put(StoredRecord(owner: owner, collection: "", key: Records.bytes("bad"))),
            ])
        }
        #expect(error.status == .invalid)
        #expect(error.message.contains("operation 2"), "the message names the failing operation: \(error.message)")
        #expect(try store.backend.get(owner: owner, collection: "post", key: Records.bytes("new")) == nil)
        #expect(try store.backend.get(owner: owner, collection: "post", key: Records.bytes("kept"))?.value == Records.bytes("old"))
        #expect(try store.backend.count(owner: owner) == 1)
    }

    @Test("bad input is refused with a reason", arguments: BackendKind.tested)
    func badInput(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
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
            let error = try #require(throws: PluginError.self) { try store.backend.apply([.put(record)]) }
            #expect(error.status == .invalid)
            #expect(error.message.contains(field), "\(error.message) should name \(field)")
        }
        let queryError = try #require(throws: PluginError.self) {
            try store.backend.query(StorageQuery(owner: [9], collection: "post"))
        }
        #expect(queryError.status == .invalid)
        #expect(try store.backend.count(owner: owner) == 0)
        let longest = StoredRecord(owner: owner, collection: String(repeating: "c", count: 64), key: [UInt8](repeating: 0xFF, count: 255))
        try store.backend.apply([.put(longest)])
        #expect(try store.backend.get(owner: owner, collection: longest.collection, key: longest.key) == longest)
    }

    @Test("one owner never sees another's records", arguments: BackendKind.tested)
    func ownerIsolation(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let alice = Records.owner()
        let bob = Records.owner()
        try store.backend.apply([
            .put(Records.post(alice, "same", value: "alice")), .put(Records.post(bob, "same", value: "bob")),
            .put(Records.post(bob, "only-bob")),
        ])
        #expect(try store.backend.get(owner: alice, collection: "post", key: Records.bytes("same"))?.value == Records.bytes("alice"))
        #expect(try store.backend.get(owner: alice, collection: "post", key: Records.bytes("only-bob")) == nil)
        #expect(Records.keys(try store.backend.query(StorageQuery(owner: alice, collection: "post"))) == ["same"])
        #expect(try store.backend.count(owner: alice) == 1)
        try store.backend.apply([.deleteParent(owner: alice, collection: "post", parent: Records.bytes("s1"))])
        #expect(try store.backend.count(owner: bob) == 2, "deleting alice's session leaves bob's records")
    }

    @Test("clearing an account deletes all its records and nothing else", arguments: BackendKind.tested)
    func deleteOwner(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let owner = Records.owner()
        let other = Records.owner()
        let hostWide = "relay-\(Records.owner().prefix(4).map { String($0) }.joined())"
        try store.backend.apply(
            (0..<20).map { .put(Records.post(owner, "p\($0)", session: "s\($0 % 3)")) }
                + [
                    .put(StoredRecord(owner: owner, collection: "session", key: Records.bytes("s1"))),
                    .put(StoredRecord(owner: owner, collection: "contact", key: Records.bytes("c1"))),
                    .put(Records.post(other, "p1")), .put(StoredRecord(owner: [], collection: hostWide, key: Records.bytes("r"))),
                ])
        #expect(try store.backend.deleteOwner(owner) == 22)
        #expect(try store.backend.count(owner: owner) == 0)
        #expect(try store.backend.query(StorageQuery(owner: owner, collection: "post")).isEmpty)
        #expect(try store.backend.count(owner: other) == 1)
        #expect(try store.backend.count(owner: [], collection: hostWide) == 1)
        #expect(try store.backend.deleteOwner(owner) == 0, "clearing twice is fine")
    }

    @Test("the plugin describes itself", arguments: BackendKind.tested)
    func describe(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let description = try #require(store.backend.describe())
        #expect(description.contains("\"backend\":\"\(kind.rawValue)\""))
        #expect(description.contains("\"open\":true"))
        if kind != .memory { #expect(description.contains("\"schema_version\":2")) }
    }
}
