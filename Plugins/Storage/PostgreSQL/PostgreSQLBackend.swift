import LinkstrPluginKit
import StoragePluginKit
import Synchronization

/// The PostgreSQL storage backend: one libpq connection behind a mutex, prepared statements with
/// binary parameters and results, one transaction per `apply` (its statements pipelined).
///
/// When the connection breaks (the server restarted, a network cut), the backend reconnects once
/// (PQreset) and runs the call again; every call can be run twice safely (puts replace, deletes of
/// absent rows are no-ops, reads read). If the server stays away, the error names it.
///
/// Thread rule: every method is thread-safe and may block; calls are serialized on the connection.
/// `open` runs once before the others (linkstr_plugin.h).
final class PostgreSQLBackend: StorageBackend {
    private let host: PluginHost
    private let state = Mutex<PGConnection?>(nil)

    init(host: PluginHost) {
        self.host = host
    }

    func open() throws(PluginError) {
        guard let url = host.config("url"), !url.isEmpty else {
            throw PluginError(
                .invalid,
                "PostgreSQL: no server configured: set url = \"postgresql://user@host:5432/database\" in [plugins.\"org.linkstr.storage.postgresql\"]")
        }
        // The connection is made inside the lock so that it never leaves the mutex's region.
        let target = try state.withLock { (state: inout PGConnection?) throws(PluginError) -> String in
            let connection = try PGConnection(url: url)
            do throws(PluginError) {
                try migrate(connection)
                try connection.refreshStatisticsIfStale()
            } catch {
                connection.close()
                throw error
            }
            state?.close()
            state = connection
            return connection.target
        }
        host.log(.info, "PostgreSQL \(target) open (schema version \(PGSchema.latestVersion))")
    }

    /// Brings the schema to `PGSchema.latestVersion` in one transaction, under an advisory lock so that
    /// two processes starting at once migrate one after the other.
    private func migrate(_ connection: PGConnection) throws(PluginError) {
        try connection.transaction { () throws(PluginError) in
            try connection.execute("SELECT pg_advisory_xact_lock(\(PGSchema.migrationLock))")
            try connection.execute("CREATE TABLE IF NOT EXISTS linkstr_schema (version integer NOT NULL)")
            let rows = try connection.execute("SELECT version FROM linkstr_schema")
            let version = rows.rowCount > 0 ? Int(rows.text(0, 0)) ?? 0 : 0
            if rows.rowCount == 0 { try connection.execute("INSERT INTO linkstr_schema (version) VALUES (0)") }
            guard version <= PGSchema.latestVersion else {
                throw PluginError(
                    .unsupported,
                    "PostgreSQL \(connection.target): schema version \(version) was written by a newer linkstr (this plugin knows up to \(PGSchema.latestVersion)); upgrade linkstr")
            }
            guard version < PGSchema.latestVersion else { return }
            for step in PGSchema.migrations[version...] {
                try connection.execute(step)
            }
            try connection.execute("UPDATE linkstr_schema SET version = \(PGSchema.latestVersion)")
            host.log(.info, "PostgreSQL \(connection.target) migrated from schema version \(version) to \(PGSchema.latestVersion)")
        }
    }

    /// Runs `body` on the connection under the mutex; after a broken connection, reconnects once and
    /// runs `body` again.
    private func withConnection<Result: Sendable>(_ body: (PGConnection) throws(PluginError) -> Result) throws(PluginError) -> Result {
        let host = self.host
        return try state.withLock { (state: inout PGConnection?) throws(PluginError) -> Result in
            guard let connection = state else { throw PluginError(.invalid, "PostgreSQL storage used before open") }
            if connection.isBroken { try connection.reset() }
            do throws(PluginError) {
                return try body(connection)
            } catch {
                guard connection.isBroken else { throw error }
                host.log(.warn, "PostgreSQL \(connection.target): connection lost (\(error.message)); reconnecting")
                try connection.reset()
                return try body(connection)
            }
        }
    }

    func apply(_ operations: [StorageOperation]) throws(PluginError) {
        guard !operations.isEmpty else { return }
        let statements = operations.map { operation -> (PGStatement, [PGValue]) in
            switch operation {
            case .put(let record):
                return (
                    PGSchema.put,
                    [
                        .bytes(record.owner), .name(record.collection), .bytes(record.key), .bytes(record.parent),
                        .int64(record.sort), .int64(record.flags), .bytes(record.value),
                    ]
                )
            case .delete(let owner, let collection, let key):
                return (PGSchema.delete, [.bytes(owner), .name(collection), .bytes(key)])
            case .deleteParent(let owner, let collection, let parent):
                return (PGSchema.deleteParent, [.bytes(owner), .name(collection), .bytes(parent)])
            }
        }
        try withConnection { connection throws(PluginError) in
            try connection.pipelinedTransaction(statements)
            // The batch is committed: a failed statistics refresh is only worth a warning.
            do throws(PluginError) {
                try connection.noteWrites(statements.count)
            } catch {
                host.log(.warn, "PostgreSQL \(connection.target): cannot refresh the planner statistics: \(error.message)")
            }
        }
    }

    func get(owner: [UInt8], collection: String, key: [UInt8]) throws(PluginError) -> StoredRecord? {
        try withConnection { connection throws(PluginError) -> StoredRecord? in
            let rows = try connection.execute(PGSchema.get, [.bytes(owner), .name(collection), .bytes(key)])
            guard rows.rowCount > 0 else { return nil }
            return StoredRecord(
                owner: owner, collection: collection, key: key, parent: rows.bytes(0, 0), sort: rows.int64(0, 1),
                flags: rows.int64(0, 2), value: rows.bytes(0, 3))
        }
    }

    func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord] {
        let statement = PGSchema.query(matchParent: query.parent != nil, descending: query.descending)
        var parameters: [PGValue] = [.bytes(query.owner), .name(query.collection)]
        if let parent = query.parent { parameters.append(.bytes(parent)) }
        parameters += [
            .int64(query.sortRange.lowerBound), .int64(query.sortRange.upperBound), .int64(query.flagsMask), .int64(query.flagsValue),
            query.limit.map { .int64(Int64($0)) } ?? .null,
        ]
        return try withConnection { connection throws(PluginError) in
            let rows = try connection.execute(statement, parameters)
            return (0..<rows.rowCount).map { row in
                StoredRecord(
                    owner: query.owner, collection: query.collection, key: rows.bytes(row, 0), parent: rows.bytes(row, 1),
                    sort: rows.int64(row, 2), flags: rows.int64(row, 3), value: rows.bytes(row, 4))
            }
        }
    }

    func count(owner: [UInt8], collection: String?) throws(PluginError) -> UInt64 {
        try withConnection { connection throws(PluginError) in
            let rows =
                if let collection {
                    try connection.execute(PGSchema.countCollection, [.bytes(owner), .name(collection)])
                } else {
                    try connection.execute(PGSchema.countOwner, [.bytes(owner)])
                }
            return rows.rowCount > 0 ? UInt64(rows.int64(0, 0)) : 0
        }
    }

    func deleteOwner(_ owner: [UInt8]) throws(PluginError) -> UInt64 {
        try withConnection { connection throws(PluginError) in
            try connection.transaction { () throws(PluginError) in
                try connection.execute(PGSchema.deleteOwner, [.bytes(owner)]).affectedRows
            }
        }
    }

    func describe() -> String {
        state.withLock { connection in
            guard let connection else {
                return StorageDescription(backend: "postgresql", location: "not connected", schemaVersion: nil, isOpen: false).json
            }
            let size = (try? connection.execute("SELECT pg_total_relation_size('linkstr_records')")).flatMap { UInt64($0.text(0, 0)) }
            return StorageDescription(
                backend: "postgresql", location: connection.target, schemaVersion: PGSchema.latestVersion, sizeBytes: size,
                isOpen: true
            ).json
        }
    }

    func close() {
        state.withLock { connection in
            connection?.close()
            connection = nil
        }
    }
}
