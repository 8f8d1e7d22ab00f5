import CLibPQ

/// A libpq result, cleared on deinit. Values of prepared statements arrive in binary format, those of
/// plain `execute` calls as text.
///
/// Thread rule: not thread-safe; used under the backend's mutex and dropped before it is released.
final class PGResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    var rowCount: Int { Int(PQntuples(handle)) }

    /// The rows a command touched (INSERT, DELETE, …).
    var affectedRows: UInt64 { UInt64(String(cString: PQcmdTuples(handle))) ?? 0 }

    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard length > 0, let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: value, count: length))
    }

    /// A binary int8 (8 bytes, big-endian).
    func int64(_ row: Int, _ column: Int) -> Int64 {
        let raw = bytes(row, column)
        guard raw.count == 8 else { return 0 }
        return raw.reduce(0) { $0 << 8 | Int64($1) }
    }

    func text(_ row: Int, _ column: Int) -> String {
        String(decoding: bytes(row, column), as: UTF8.self)
    }
}
