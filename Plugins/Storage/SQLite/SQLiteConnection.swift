import CSQLite
import Glibc
import LinkstrPluginKit

/// One SQLite connection with its cache of prepared statements.
///
/// Thread rule: not thread-safe — opened with SQLITE_OPEN_NOMUTEX; `SQLiteBackend` keeps it behind a
/// mutex, so one thread at a time uses it.
final class SQLiteConnection {
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    private let log: (String) -> Void

    /// Opens `path`, which must exist; a file SQLite could open only read-only is refused.
    init(path: String, log: @escaping (String) -> Void) throws(PluginError) {
        self.path = path
        self.log = log
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw PluginError(.noMemory, "SQLite \(path): out of memory opening the database") }
        guard code == SQLITE_OK else {
            let error = SQLiteConnection.error(code, handle: opened, path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        if sqlite3_db_readonly(handle, "main") == 1 {
            sqlite3_close_v2(handle)
            throw PluginError(.permission, "SQLite \(path): the database can only be opened read-only; check the permissions of the file and its folder")
        }
    }

    /// Finalizes every statement and closes the connection.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs SQL text without results (several statements allowed).
    func execute(_ sql: String) throws(PluginError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// The single value of a one-row, one-column query (a PRAGMA, a count).
    func scalarText(_ sql: String) throws(PluginError) -> String? {
        try withStatement(sql, cache: false) { statement throws(PluginError) in
            try statement.step() ? statement.text(0) : nil
        }
    }

    func scalarInteger(_ sql: String) throws(PluginError) -> Int64 {
        try withStatement(sql, cache: false) { statement throws(PluginError) in
            try statement.step() ? statement.int64(0) : 0
        }
    }

    /// Runs `body` with a prepared statement for `sql` (cached when `cache` is true), and resets it
    /// afterwards so that it holds no lock and no bound data.
    func withStatement<Result>(
        _ sql: String, cache: Bool = true, _ body: (SQLiteStatement) throws(PluginError) -> Result
    ) throws(PluginError) -> Result {
        let prepared: OpaquePointer
        if let cached = statements[sql] {
            prepared = cached
        } else {
            var made: OpaquePointer?
            let code = sqlite3_prepare_v3(handle, sql, -1, cache ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0, &made, nil)
            guard code == SQLITE_OK, let made else { throw error(code) }
            prepared = made
            if cache {
                statements[sql] = made
                log("prepared statement: \(sql)")
            }
        }
        defer {
            sqlite3_reset(prepared)
            sqlite3_clear_bindings(prepared)
            if !cache { sqlite3_finalize(prepared) }
        }
        return try body(SQLiteStatement(handle: prepared, connection: self))
    }

    /// Runs `body` inside BEGIN IMMEDIATE … COMMIT (the write lock is taken up front, so the busy
    /// timeout applies instead of a deadlock between two readers upgrading); rolls back on error.
    func transaction<Result>(_ body: () throws(PluginError) -> Result) throws(PluginError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do throws(PluginError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    var changes: Int64 { Int64(sqlite3_changes64(handle)) }

    /// The error SQLite reports for `code` on this connection.
    func error(_ code: Int32) -> PluginError {
        SQLiteConnection.error(code, handle: handle, path: path)
    }

    /// An error naming the database, SQLite's message and, for the causes a person can fix, what to do.
    static func error(_ code: Int32, handle: OpaquePointer?, path: String) -> PluginError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        let systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
        let system = systemErrno != 0 ? " (\(String(cString: strerror(systemErrno))))" : ""
        let cause = "\(message)\(system)"
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return PluginError(.busy, "SQLite \(path): \(cause): another process held the database locked for longer than the busy timeout")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return PluginError(.permission, "SQLite \(path): \(cause); check the permissions of the file and its folder")
        case SQLITE_NOTADB:
            return PluginError(.io, "SQLite \(path): \(cause); it is not an SQLite database: move it away or set another path")
        case SQLITE_CORRUPT:
            return PluginError(.io, "SQLite \(path): \(cause); the file is corrupted: restore a backup or move it away")
        case SQLITE_FULL:
            return PluginError(.io, "SQLite \(path): \(cause); free disk space and retry")
        case SQLITE_NOMEM:
            return PluginError(.noMemory, "SQLite \(path): \(cause)")
        case SQLITE_CONSTRAINT, SQLITE_TOOBIG, SQLITE_MISMATCH, SQLITE_RANGE:
            return PluginError(.invalid, "SQLite \(path): \(cause)")
        case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_PROTOCOL:
            return PluginError(.io, "SQLite \(path): \(cause)")
        default:
            return PluginError(.internal, "SQLite \(path): \(cause)")
        }
    }
}
