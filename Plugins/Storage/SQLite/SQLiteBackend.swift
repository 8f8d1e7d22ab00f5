import CSQLite
import Glibc
import LinkstrPluginKit
import StoragePluginKit
import Synchronization

/// The SQLite storage backend: one connection in WAL mode, kept behind a mutex.
///
/// Several processes may use one database at once (a `linkstr` command while `linkstr watch` runs):
/// WAL lets readers run beside the one writer, writes take the lock up front (BEGIN IMMEDIATE), and a
/// busy timeout makes a writer wait for the other process instead of failing with "database is locked".
///
/// Thread rule: every method is thread-safe and may block; calls are serialized on the connection.
/// `open` runs once before the others (linkstr_plugin.h).
final class SQLiteBackend: StorageBackend {
    private let host: PluginHost
    private let state = Mutex<State>(State())

    private struct State {
        var settings: SQLiteSettings?
        var connection: SQLiteConnection?
    }

    init(host: PluginHost) {
        self.host = host
    }

    func open() throws(PluginError) {
        let settings = try SQLiteSettings.read(from: host)
        try settings.createDirectory()
        try settings.createFileIfMissing()
        let host = self.host
        // The connection is made inside the lock so that it never leaves the mutex's region.
        try state.withLock { (state: inout State) throws(PluginError) in
            let connection = try SQLiteConnection(path: settings.path) { host.log(.trace, $0) }
            do throws(PluginError) {
                connection.setBusyTimeout(milliseconds: settings.busyTimeoutMilliseconds)
                try useWAL(connection, waitingUpTo: settings.busyTimeoutMilliseconds)
                try connection.execute("PRAGMA synchronous = \(settings.synchronous.uppercased())")
                // Record keys are hashes, so each commit of a large batch touches index pages all over
                // a large store: a page cache of 64 MiB (instead of 2) keeps the upper levels and much
                // of the leaves, and checkpointing every 64 MiB of WAL (instead of 4) writes a page
                // changed by several commits back once. Both are bounded: memory and the WAL file
                // (cut back to 64 MiB after a checkpoint) stop growing with the store.
                try connection.execute("PRAGMA cache_size = -65536")
                try connection.execute("PRAGMA wal_autocheckpoint = 16384")
                try connection.execute("PRAGMA journal_size_limit = 67108864")
                try migrate(connection)
            } catch {
                connection.close()
                throw error
            }
            state.connection?.close()
            state.settings = settings
            state.connection = connection
        }
        host.log(.info, "SQLite database \(settings.path) open (schema version \(SQLiteSchema.latestVersion))")
    }

    /// Switches the database to WAL journaling, which the file keeps: later opens find it set and
    /// change nothing. The first opens of a new database race to switch it, and SQLite answers a
    /// switch that finds another connection holding the write lock with SQLITE_BUSY at once,
    /// without its busy handler; so the switch is retried here until the busy timeout.
    private func useWAL(_ connection: SQLiteConnection, waitingUpTo milliseconds: Int32) throws(PluginError) {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        var pauseMicroseconds: UInt32 = 1000
        while true {
            do throws(PluginError) {
                if try connection.scalarText("PRAGMA journal_mode")?.lowercased() == "wal" { return }
                let journalMode = try connection.scalarText("PRAGMA journal_mode = WAL")
                guard journalMode?.lowercased() == "wal" else {
                    throw PluginError(.io, "SQLite \(connection.path): cannot use WAL journaling (the file system gave \(journalMode ?? "no answer"))")
                }
                return
            } catch where error.status == .busy && ContinuousClock.now < deadline {
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 50_000)
            }
        }
    }

    /// Brings the schema to `SQLiteSchema.latestVersion` in one write transaction; refuses databases
    /// of other programs and of newer linkstr versions.
    private func migrate(_ connection: SQLiteConnection) throws(PluginError) {
        let path = connection.path
        if try connection.scalarInteger("PRAGMA user_version") == Int64(SQLiteSchema.latestVersion) { return }
        try connection.transaction { () throws(PluginError) in
            let version = Int(try connection.scalarInteger("PRAGMA user_version"))
            let applicationID = Int32(truncatingIfNeeded: try connection.scalarInteger("PRAGMA application_id"))
            guard version <= SQLiteSchema.latestVersion else {
                throw PluginError(
                    .unsupported,
                    "SQLite \(path): schema version \(version) was written by a newer linkstr (this plugin knows up to \(SQLiteSchema.latestVersion)); upgrade linkstr")
            }
            let objects = try connection.scalarInteger("SELECT count(*) FROM sqlite_schema")
            if applicationID != 0 && applicationID != SQLiteSchema.applicationID || version == 0 && objects > 0 {
                throw PluginError(.invalid, "SQLite \(path): this SQLite database belongs to another program; set another path")
            }
            for step in SQLiteSchema.migrations[version...] {
                try connection.execute(step)
            }
            try connection.execute("PRAGMA user_version = \(SQLiteSchema.latestVersion)")
            try connection.execute("PRAGMA application_id = \(SQLiteSchema.applicationID)")
            host.log(.info, "SQLite database \(path) migrated from schema version \(version) to \(SQLiteSchema.latestVersion)")
        }
    }

    /// Runs `body` with the open connection, under the mutex.
    private func withConnection<Result: Sendable>(_ body: (SQLiteConnection) throws(PluginError) -> Result) throws(PluginError) -> Result {
        try state.withLock { (state: inout State) throws(PluginError) -> Result in
            guard let connection = state.connection else {
                throw PluginError(.invalid, "SQLite storage used before open")
            }
            return try body(connection)
        }
    }

    func apply(_ operations: [StorageOperation]) throws(PluginError) {
        guard !operations.isEmpty else { return }
        try withConnection { connection throws(PluginError) in
            try connection.transaction { () throws(PluginError) in
                // Scope ids read inside the transaction: another process may add or delete scopes
                // between two transactions.
                var scopes = SQLiteScopes(connection: connection)
                for operation in operations { try Self.run(operation, on: connection, scopes: &scopes) }
            }
        }
    }

    private static func run(_ operation: StorageOperation, on connection: SQLiteConnection, scopes: inout SQLiteScopes) throws(PluginError) {
        switch operation {
        case .put(let record):
            let scope = try scopes.add(owner: record.owner, collection: record.collection)
            try connection.withStatement(SQLiteSchema.put) { statement throws(PluginError) in
                try statement.bind(1, scope)
                try statement.bind(2, record.key)
                try statement.bind(3, record.parent, emptyAsNull: true)
                try statement.bind(4, record.sort)
                try statement.bind(5, record.flags)
                try statement.bind(6, record.value)
                _ = try statement.step()
            }
        case .delete(let owner, let collection, let key):
            guard let scope = try scopes.id(owner: owner, collection: collection) else { return }
            try connection.withStatement(SQLiteSchema.delete) { statement throws(PluginError) in
                try statement.bind(1, scope)
                try statement.bind(2, key)
                _ = try statement.step()
            }
        case .deleteParent(let owner, let collection, let parent):
            guard let scope = try scopes.id(owner: owner, collection: collection) else { return }
            try connection.withStatement(SQLiteSchema.deleteParent(empty: parent.isEmpty)) { statement throws(PluginError) in
                try statement.bind(1, scope)
                if !parent.isEmpty { try statement.bind(2, parent) }
                _ = try statement.step()
            }
        }
    }

    func get(owner: [UInt8], collection: String, key: [UInt8]) throws(PluginError) -> StoredRecord? {
        try withConnection { connection throws(PluginError) in
            try connection.withStatement(SQLiteSchema.get) { statement throws(PluginError) -> StoredRecord? in
                try statement.bind(1, owner)
                try statement.bind(2, collection)
                try statement.bind(3, key)
                guard try statement.step() else { return nil }
                return StoredRecord(
                    owner: owner, collection: collection, key: key, parent: statement.blob(0), sort: statement.int64(1),
                    flags: statement.int64(2), value: statement.blob(3))
            }
        }
    }

    func query(_ query: StorageQuery) throws(PluginError) -> [StoredRecord] {
        let parent: SQLiteSchema.ParentMatch =
            switch query.parent {
            case nil: .any
            case let parent? where parent.isEmpty: .empty
            case _?: .equal
            }
        let sql = SQLiteSchema.query(parent: parent, flagged: query.flagsValue & query.flagsMask != 0, descending: query.descending)
        return try withConnection { connection throws(PluginError) in
            try connection.withStatement(sql) { statement throws(PluginError) in
                try statement.bind(1, query.owner)
                try statement.bind(2, query.collection)
                if parent == .equal, let parent = query.parent { try statement.bind(3, parent) }
                try statement.bind(4, query.sortRange.lowerBound)
                try statement.bind(5, query.sortRange.upperBound)
                try statement.bind(6, query.flagsMask)
                try statement.bind(7, query.flagsValue)
                try statement.bind(8, query.limit.map(Int64.init) ?? -1)
                var records: [StoredRecord] = []
                while try statement.step() {
                    records.append(
                        StoredRecord(
                            owner: query.owner, collection: query.collection, key: statement.blob(0), parent: statement.blob(1),
                            sort: statement.int64(2), flags: statement.int64(3), value: statement.blob(4)))
                }
                return records
            }
        }
    }

    func count(owner: [UInt8], collection: String?) throws(PluginError) -> UInt64 {
        try withConnection { connection throws(PluginError) in
            try connection.withStatement(collection == nil ? SQLiteSchema.countOwner : SQLiteSchema.countCollection) {
                statement throws(PluginError) in
                try statement.bind(1, owner)
                if let collection { try statement.bind(2, collection) }
                return try statement.step() ? UInt64(statement.int64(0)) : 0
            }
        }
    }

    /// Deletes every record of `owner`, then gives the freed pages back to the file system (VACUUM):
    /// an account's data cleared leaves no file of its former size, nor its deleted pages, behind.
    /// The records are gone once the transaction commits; a VACUUM that cannot run now (another
    /// process is reading) is logged, and the file shrinks at a later one.
    func deleteOwner(_ owner: [UInt8]) throws(PluginError) -> UInt64 {
        try withConnection { connection throws(PluginError) in
            let deleted = try connection.transaction { () throws(PluginError) in
                try connection.withStatement(SQLiteSchema.deleteOwner) { statement throws(PluginError) in
                    try statement.bind(1, owner)
                    _ = try statement.step()
                }
                let deleted = UInt64(connection.changes)
                try connection.withStatement(SQLiteSchema.deleteOwnerScopes) { statement throws(PluginError) in
                    try statement.bind(1, owner)
                    _ = try statement.step()
                }
                return deleted
            }
            do {
                try connection.execute("VACUUM")
            } catch {
                host.log(.warn, "the account's records are deleted, but the SQLite file was not compacted now: \(error)")
            }
            return deleted
        }
    }

    func describe() -> String {
        state.withLock { state in
            let location = state.settings?.path ?? (try? SQLiteSettings.read(from: host).path) ?? "?"
            guard let connection = state.connection else {
                return StorageDescription(backend: "sqlite", location: location, schemaVersion: nil, isOpen: false).json
            }
            let pages = (try? connection.scalarInteger("PRAGMA page_count")) ?? 0
            let pageSize = (try? connection.scalarInteger("PRAGMA page_size")) ?? 0
            return StorageDescription(
                backend: "sqlite", location: location, schemaVersion: SQLiteSchema.latestVersion,
                sizeBytes: UInt64(max(0, pages * pageSize)), isOpen: true
            ).json
        }
    }

    func close() {
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
        }
    }
}
