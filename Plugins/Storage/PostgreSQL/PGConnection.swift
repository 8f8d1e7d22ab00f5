import CLibPQ
import Glibc
import LinkstrPluginKit

/// One libpq connection with the statements it has prepared.
///
/// Thread rule: not thread-safe; `PostgreSQLEngine` keeps it behind a mutex.
final class PGConnection {
    /// "host:port/database", for messages (never the password).
    let target: String
    private let handle: OpaquePointer
    private var preparedNames: [PGStatement: String] = [:]

    /// Connects with `url` (a libpq connection string). Unless the string says otherwise, connecting
    /// gives up after 10 s.
    init(url: String) throws(PluginError) {
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = ["10", "linkstr", url]
        let connection = PGConnection.withCStrings(keywords) { keywords in
            PGConnection.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else { throw PluginError(.noMemory, "PostgreSQL: out of memory connecting") }
        handle = connection
        target = PGConnection.target(of: connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = PGConnection.flatten(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw PluginError(.unavailable, "PostgreSQL \(target): cannot connect: \(message)")
        }
        // Notices ("relation already exists, skipping") would go to stderr: drop them.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    func close() {
        PQfinish(handle)
    }

    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Reconnects with the same parameters (PQreset); prepared statements are made again on use.
    func reset() throws(PluginError) {
        PQreset(handle)
        preparedNames.removeAll()
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PGConnection.flatten(String(cString: PQerrorMessage(handle)))
            throw PluginError(.unavailable, "PostgreSQL \(target): the connection was lost and reconnecting failed: \(message)")
        }
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    /// Runs SQL text (several statements allowed) and returns the last result, in text format.
    @discardableResult
    func execute(_ sql: String) throws(PluginError) -> PGResult {
        try check(PQexec(handle, sql))
    }

    /// Runs a prepared statement (prepared on this connection at first use) with binary parameters and
    /// binary results.
    @discardableResult
    func execute(_ statement: PGStatement, _ parameters: [PGValue]) throws(PluginError) -> PGResult {
        let name = try prepare(statement)
        let encoded = parameters.map(\.binary)
        // One buffer holds every value, so each pointer stays valid for the call; it is never empty, so
        // an empty bytea still gets a non-NULL pointer (NULL would mean SQL NULL).
        var buffer: [UInt8] = []
        var offsets: [Int] = []
        for value in encoded {
            offsets.append(buffer.count)
            buffer.append(contentsOf: value ?? [])
        }
        buffer.append(0)
        let lengths = encoded.map { Int32($0?.count ?? 0) }
        let formats = [Int32](repeating: 1, count: encoded.count)
        let result = buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = encoded.indices.map { index in
                encoded[index] == nil ? nil : base + offsets[index]
            }
            return PQexecPrepared(handle, name, Int32(encoded.count), pointers, lengths, formats, 1)
        }
        return try check(result)
    }

    private func prepare(_ statement: PGStatement) throws(PluginError) -> String {
        if let name = preparedNames[statement] { return name }
        let name = "linkstr_\(preparedNames.count + 1)"
        _ = try check(PQprepare(handle, name, statement.sql, Int32(statement.parameterTypes.count), statement.parameterTypes))
        preparedNames[statement] = name
        return name
    }

    /// Runs `body` inside BEGIN … COMMIT; rolls back on error while the connection is alive.
    func transaction<Result>(_ body: () throws(PluginError) -> Result) throws(PluginError) -> Result {
        try execute("BEGIN")
        do throws(PluginError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if !isBroken { _ = PQexec(handle, "ROLLBACK").map { PQclear($0) } }
            throw error
        }
    }

    /// The result when it succeeded, else an error naming the server, the message and the SQLSTATE.
    private func check(_ result: OpaquePointer?) throws(PluginError) -> PGResult {
        guard let result else {
            throw PluginError(
                isBroken ? .unavailable : .noMemory,
                "PostgreSQL \(target): \(PGConnection.flatten(String(cString: PQerrorMessage(handle))))")
        }
        let wrapped = PGResult(result)
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return wrapped
        default:
            let message = PGConnection.flatten(String(cString: PQresultErrorMessage(result)))
            let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            throw PluginError(
                isBroken ? .unavailable : PGConnection.status(sqlState: sqlState),
                "PostgreSQL \(target): \(message)" + (sqlState.isEmpty ? "" : " (SQLSTATE \(sqlState))"))
        }
    }

    /// The ABI status for an SQLSTATE class.
    static func status(sqlState: String) -> LKHStatus {
        if sqlState == "42501" { return .permission }  // insufficient privilege
        switch sqlState.prefix(2) {
        case "08", "57": return .unavailable  // connection exception, operator intervention (shutdown)
        case "22", "23": return .invalid  // data exception, integrity constraint
        case "28": return .permission  // invalid authorization
        case "40", "55": return .busy  // serialization failure or deadlock, lock not available
        case "42": return .internal  // a statement the server refuses: a bug or a foreign schema
        default: return .io  // 53: insufficient resources (disk full), 58: system error, …
        }
    }

    /// "host:port/database" of a connection, even a failed one.
    private static func target(of connection: OpaquePointer) -> String {
        let host = PQhost(connection).map { String(cString: $0) } ?? "?"
        let port = PQport(connection).map { String(cString: $0) } ?? "?"
        let database = PQdb(connection).map { String(cString: $0) } ?? "?"
        return "\(host):\(port.isEmpty ? "5432" : port)/\(database)"
    }

    /// libpq messages span lines ("…failed: Connection refused\n\tIs the server running…"): one line.
    static func flatten(_ message: String) -> String {
        message.split(whereSeparator: { $0 == "\n" || $0 == "\t" })
            .map { String($0.drop { $0 == " " }) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}
