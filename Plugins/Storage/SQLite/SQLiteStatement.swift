import CSQLite
import LinkstrPluginKit

/// A prepared statement borrowed from a `SQLiteConnection` for one use.
///
/// Thread rule: used only inside `SQLiteConnection.withStatement`, under the backend's mutex.
struct SQLiteStatement {
    let handle: OpaquePointer
    let connection: SQLiteConnection

    /// SQLite copies the bytes (SQLITE_TRANSIENT). An empty array binds an empty blob, or NULL with
    /// `emptyAsNull`.
    func bind(_ index: Int32, _ bytes: [UInt8], emptyAsNull: Bool = false) throws(PluginError) {
        let code = bytes.withUnsafeBytes { raw in bindBlob(index, raw, emptyAsNull: emptyAsNull) }
        guard code == SQLITE_OK else { throw connection.error(code) }
    }

    /// Binds the UTF-8 bytes of `name` as a BLOB, as the schema stores collection names (a TEXT
    /// value would never equal the stored BLOB).
    func bind(_ index: Int32, _ name: String) throws(PluginError) {
        var name = name
        let code = name.withUTF8 { utf8 in bindBlob(index, UnsafeRawBufferPointer(utf8), emptyAsNull: false) }
        guard code == SQLITE_OK else { throw connection.error(code) }
    }

    private func bindBlob(_ index: Int32, _ raw: UnsafeRawBufferPointer, emptyAsNull: Bool) -> Int32 {
        switch (raw.isEmpty, emptyAsNull) {
        case (true, true): sqlite3_bind_null(handle, index)
        case (true, false): sqlite3_bind_zeroblob(handle, index, 0)
        case (false, _): sqlite3_bind_blob64(handle, index, raw.baseAddress, sqlite3_uint64(raw.count), SQLiteStatement.transient)
        }
    }

    func bind(_ index: Int32, _ value: Int64) throws(PluginError) {
        let code = sqlite3_bind_int64(handle, index, value)
        guard code == SQLITE_OK else { throw connection.error(code) }
    }

    /// Advances; true when a row is available, false when done.
    func step() throws(PluginError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.error(code)
        }
    }

    func blob(_ column: Int32) -> [UInt8] {
        // SQLite's rule: ask for the pointer first, then for its length.
        let bytes = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }

    /// SQLITE_TRANSIENT: SQLite makes its own copy before the bind call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
