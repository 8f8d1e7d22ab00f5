import CSQLite

/// Direct access to a SQLite file (outside the plugin), to build fixtures and inspect state.
enum SQLiteFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `sql` on the database at `path`; returns every row's columns as text.
    @discardableResult
    static func execute(_ path: String, _ sql: String) throws -> [[String]] {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let handle else {
            throw Failure(description: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(handle) }
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
