import Foundation
import LinkstrHost
import LinkstrPluginKit
import Testing
import TestSupport

/// What only persistent backends promise: data survives the instance, schemas migrate, several
/// connections write at once.
@Suite("Storage persistence")
struct PersistenceTests {
    @Test("records survive destroying the instance", arguments: BackendKind.persistent)
    func restart(kind: BackendKind) throws {
        let first = try TestStore.open(kind)
        let owner = Records.owner()
        try first.backend.apply((0..<50).map { .put(Records.post(owner, "p\($0)", sort: Int64($0), flags: Int64($0 % 2))) })
        first.close()
        let second = try TestStore.open(kind, location: first.location)
        defer { second.close() }
        #expect(try second.backend.count(owner: owner) == 50)
        let latest = try second.backend.query(StorageQuery(owner: owner, collection: "post", descending: true, limit: 1))
        #expect(latest == [Records.post(owner, "p49", sort: 49, flags: 1)])
    }

    @Test("concurrent writers on several connections all land", arguments: BackendKind.tested)
    func concurrentWriters(kind: BackendKind) async throws {
        // A memory store has one set of records per instance, so its writers share one instance; the others get a
        // second instance (a second connection) on the same database.
        let first = try TestStore.open(kind)
        defer { first.close() }
        let second = try kind.keepsRecordsInMemory ? first : TestStore.open(kind, location: first.location)
        defer { if !kind.keepsRecordsInMemory { second.close() } }
        let owner = Records.owner()
        let writers = 4
        let batches = 10
        let perBatch = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                let backend = (writer % 2 == 0 ? first : second).backend
                group.addTask {
                    for batch in 0..<batches {
                        try backend.apply(
                            (0..<perBatch).map { .put(Records.post(owner, "w\(writer)-b\(batch)-\($0)", session: "s\(writer)")) })
                        _ = try backend.count(owner: owner)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.backend.count(owner: owner) == UInt64(writers * batches * perBatch))
        #expect(try second.backend.count(owner: owner, collection: "post") == UInt64(writers * batches * perBatch))
    }

    /// A file as the first version of the plugin left it, with one record.
    private static func sqliteVersion1(_ path: String, ownerHex: String) throws {
        try SQLiteFile.execute(
            path,
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE records (
                owner BLOB NOT NULL, collection BLOB NOT NULL, key BLOB NOT NULL, parent BLOB NOT NULL,
                sort INTEGER NOT NULL, flags INTEGER NOT NULL, value BLOB NOT NULL,
                UNIQUE (owner, collection, key));
            CREATE INDEX records_by_parent ON records (owner, collection, parent, sort, key);
            INSERT INTO records VALUES (x'\(ownerHex)', CAST('post' AS BLOB), CAST('old' AS BLOB), CAST('s1' AS BLOB), 7, 1, x'0102');
            PRAGMA application_id = \(0x6C6B_7374);
            PRAGMA user_version = 1;
            """)
    }

    @Test("a SQLite database of schema version 1 is migrated to the latest version")
    func sqliteMigration() throws {
        let path = Scratch.directory("migration") + "/linkstr.sqlite"
        let owner = Records.owner()
        try Self.sqliteVersion1(path, ownerHex: owner.map { String(format: "%02x", $0) }.joined())
        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        #expect(try store.backend.get(owner: owner, collection: "post", key: Records.bytes("old"))
            == StoredRecord(owner: owner, collection: "post", key: Records.bytes("old"), parent: Records.bytes("s1"), sort: 7, flags: 1, value: [1, 2]))
        #expect(store.host.logLines.contains { $0.message.contains("migrated from schema version 1 to 4") })
        #expect(try SQLiteFile.execute(path, "PRAGMA user_version") == [["4"]])
        #expect(try SQLiteFile.execute(path, "SELECT name FROM sqlite_schema WHERE name LIKE 'records_%' ORDER BY name")
            == [["records_by_parent"], ["records_by_sort"], ["records_flagged_by_parent"]])
        // The flagged record of before the index is in it.
        #expect(Records.keys(try store.backend.query(StorageQuery(owner: owner, collection: "post", parent: Records.bytes("s1"), flagsMask: 1, flagsValue: 1))) == ["old"])
    }

    @Test("a SQLite database of schema version 2 keeps every record through the move to scopes (version 3)")
    func sqliteMigrationToScopes() throws {
        let path = Scratch.directory("migration-scopes") + "/linkstr.sqlite"
        let alice = Records.owner()
        let bob = Records.owner()
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        try Self.sqliteVersion1(path, ownerHex: hex(alice))
        // Version 2, as that plugin wrote it: empty parents as empty blobs, binary keys, a host-wide record.
        try SQLiteFile.execute(
            path,
            """
            CREATE INDEX records_by_sort ON records (owner, collection, sort, key);
            INSERT INTO records VALUES (x'\(hex(alice))', CAST('wrap' AS BLOB), x'00ff00', x'', 9, 0, x'');
            INSERT INTO records VALUES (x'\(hex(alice))', CAST('post' AS BLOB), CAST('new' AS BLOB), CAST('s2' AS BLOB), 8, 0, x'03');
            INSERT INTO records VALUES (x'\(hex(bob))', CAST('post' AS BLOB), CAST('bobs' AS BLOB), CAST('s1' AS BLOB), 1, 0, x'04');
            INSERT INTO records VALUES (x'', CAST('relays' AS BLOB), CAST('list' AS BLOB), x'', 0, 0, x'05');
            PRAGMA user_version = 2;
            """)
        let store = try TestStore.open(.sqlite, location: path)
        defer { store.close() }
        #expect(store.host.logLines.contains { $0.message.contains("migrated from schema version 2 to 4") })
        let backend = store.backend
        #expect(try backend.count(owner: alice) == 3)
        #expect(try backend.count(owner: bob) == 1)
        #expect(try backend.get(owner: alice, collection: "wrap", key: [0, 0xFF, 0])
            == StoredRecord(owner: alice, collection: "wrap", key: [0, 0xFF, 0], parent: [], sort: 9, flags: 0, value: []))
        #expect(try backend.get(owner: [], collection: "relays", key: Records.bytes("list"))?.value == [5])
        #expect(Records.keys(try backend.query(StorageQuery(owner: alice, collection: "post", parent: Records.bytes("s1")))) == ["old"])
        #expect(Records.keys(try backend.query(StorageQuery(owner: alice, collection: "post", descending: true))) == ["new", "old"])
        #expect(try backend.query(StorageQuery(owner: alice, collection: "wrap", parent: [])).map(\.key) == [[0, 0xFF, 0]])
        #expect(try SQLiteFile.execute(path, "SELECT count(*) FROM scopes") == [["4"]], "alice's post and wrap, bob's post, the host's relays")
        #expect(try SQLiteFile.execute(path, "SELECT count(*) FROM records WHERE parent IS NULL") == [["2"]], "empty parents are NULL")
    }

    @Test("SQLite keeps records without a parent out of the parent index, and still finds them by their empty parent")
    func sqliteParentIndex() throws {
        let store = try TestStore.open(.sqlite)
        defer { store.close() }
        let owner = Records.owner()
        try store.backend.apply([
            .put(Records.post(owner, "p", session: "s1")),
            .put(StoredRecord(owner: owner, collection: "post", key: Records.bytes("loose"), sort: 3)),
        ])
        let entries = try SQLiteFile.execute(store.location, "SELECT count(*) FROM records INDEXED BY records_by_parent WHERE parent IS NOT NULL")
        #expect(entries == [["1"]])
        #expect(Records.keys(try store.backend.query(StorageQuery(owner: owner, collection: "post", parent: []))) == ["loose"])
    }

    @Test("SQLite forgets an owner's scopes with its records, and a scope id is never given again")
    func sqliteDeleteOwnerScopes() throws {
        let store = try TestStore.open(.sqlite)
        defer { store.close() }
        let alice = Records.owner()
        let bob = Records.owner()
        // Alice's scope is made last, so it has the highest id: without AUTOINCREMENT, SQLite would give it again.
        try store.backend.apply([.put(Records.post(bob, "b")), .put(Records.post(alice, "a"))])
        let aliceHex = alice.map { String(format: "%02x", $0) }.joined()
        let before = try SQLiteFile.execute(store.location, "SELECT id FROM scopes WHERE owner = x'\(aliceHex)'")
        #expect(try store.backend.deleteOwner(alice) == 1)
        #expect(try SQLiteFile.execute(store.location, "SELECT count(*) FROM scopes WHERE owner = x'\(aliceHex)'") == [["0"]])
        try store.backend.apply([.put(Records.post(alice, "again"))])
        let after = try SQLiteFile.execute(store.location, "SELECT id FROM scopes WHERE owner = x'\(aliceHex)'")
        #expect(before != after, "a new id, not the deleted one")
        #expect(Records.keys(try store.backend.query(StorageQuery(owner: alice, collection: "post"))) == ["again"])
        #expect(Records.keys(try store.backend.query(StorageQuery(owner: bob, collection: "post"))) == ["b"])
    }

    @Test("SQLite refuses a database from a newer version and one of another program")
    func sqliteForeignDatabases() throws {
        let newer = Scratch.directory("newer") + "/linkstr.sqlite"
        try SQLiteFile.execute(newer, "PRAGMA application_id = \(0x6C6B_7374); CREATE TABLE t (x); PRAGMA user_version = 99;")
        let newerError = try #require(throws: PluginError.self) { try TestStore.open(.sqlite, location: newer) }
        #expect(newerError.message.contains(newer))
        #expect(newerError.message.contains("newer linkstr"))

        let foreign = Scratch.directory("foreign") + "/other.sqlite"
        try SQLiteFile.execute(foreign, "CREATE TABLE customers (name TEXT)")
        let foreignError = try #require(throws: PluginError.self) { try TestStore.open(.sqlite, location: foreign) }
        #expect(foreignError.message.contains("another program"))
        #expect(try SQLiteFile.execute(foreign, "SELECT name FROM sqlite_schema") == [["customers"]], "left untouched")
    }

    @Test("a PostgreSQL database of schema version 1 is migrated to version 2", .enabled(if: BackendKind.postgresqlRequested))
    func postgresqlMigration() throws {
        let server = try PostgreSQLServer.shared.get()
        let schema = "linkstr_migration_\(UUID().uuidString.prefix(8).lowercased())"
        let owner = Records.owner()
        let ownerHex = owner.map { String(format: "%02x", $0) }.joined()
        try PGAdmin.execute(
            server.url,
            """
            CREATE SCHEMA \(schema);
            SET search_path = \(schema);
            CREATE TABLE linkstr_schema (version integer NOT NULL);
            INSERT INTO linkstr_schema VALUES (1);
            CREATE TABLE linkstr_records (
                owner bytea NOT NULL, collection bytea NOT NULL, key bytea NOT NULL, parent bytea NOT NULL,
                sort bigint NOT NULL, flags bigint NOT NULL, value bytea NOT NULL,
                PRIMARY KEY (owner, collection, key));
            CREATE INDEX linkstr_records_by_parent ON linkstr_records (owner, collection, parent, sort, key);
            INSERT INTO linkstr_records VALUES ('\\x\(ownerHex)', 'post', 'old', 's1', 7, 1, '\\x0102');
            """)
        defer { _ = try? PGAdmin.execute(server.url, "DROP SCHEMA \(schema) CASCADE") }
        let store = try TestStore.open(.postgresql, location: server.url(schema: schema))
        defer { store.close() }
        #expect(try store.backend.get(owner: owner, collection: "post", key: Records.bytes("old"))
            == StoredRecord(owner: owner, collection: "post", key: Records.bytes("old"), parent: Records.bytes("s1"), sort: 7, flags: 1, value: [1, 2]))
        #expect(try PGAdmin.execute(server.url, "SELECT version FROM \(schema).linkstr_schema") == ["2"])
        #expect(try PGAdmin.execute(server.url, "SELECT indexname FROM pg_indexes WHERE schemaname = '\(schema)' AND indexname = 'linkstr_records_by_sort'")
            == ["linkstr_records_by_sort"])
    }
}
