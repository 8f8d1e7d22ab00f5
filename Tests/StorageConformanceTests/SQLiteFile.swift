import CSQLite

/// Direct access to a SQLite file (outside the plugin), to build fixtures and inspect state.
enum SQLiteFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `sql` on the database at `path`; returns every row's columns as text.
    @discardableResult
    static func execute(_ path: String, _ sql: String) throws -> [[String]] {
        let connection = try Connection(path)
        defer { connection.close() }
        return try connection.execute(sql)
    }

    /// A connection a test keeps open, e.g. to hold a lock while the plugin opens the file.
    /// Thread rule: one thread at a time.
    final class Connection: @unchecked Sendable {
        private let handle: OpaquePointer

        init(_ path: String) throws {
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let handle else {
                sqlite3_close_v2(handle)
                throw Failure(description: "cannot open \(path)")
            }
            self.handle = handle
        }

        func close() {
            sqlite3_close_v2(handle)
        }

        /// Runs `sql` (one or more statements); returns every row's columns as text.
        @discardableResult
        func execute(_ sql: String) throws -> [[String]] {
            var rows: [[String]] = []
            var remaining = sql
            while !remaining.isEmpty {
                var statement: OpaquePointer?
                var rest = ""
                let code = remaining.withCString { text in
                    var tail: UnsafePointer<CChar>?
                    let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
                    rest = tail.map { String(cString: $0) } ?? ""
                    return code
                }
                remaining = rest
                guard code == SQLITE_OK else { throw Failure(description: String(cString: sqlite3_errmsg(handle))) }
                guard let statement else { break }
                defer { sqlite3_finalize(statement) }
                while true {
                    let step = sqlite3_step(statement)
                    if step == SQLITE_DONE { break }
                    guard step == SQLITE_ROW else { throw Failure(description: String(cString: sqlite3_errmsg(handle))) }
                    rows.append(
                        (0..<sqlite3_column_count(statement)).map { column in
                            sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                        })
                }
            }
            return rows
        }
    }
}
