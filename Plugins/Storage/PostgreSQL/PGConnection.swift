import CLibPQ
import Glibc
import LinkstrPluginKit

/// One libpq connection with the statements it has prepared.
///
/// Thread rule: not thread-safe; `PostgreSQLBackend` keeps it behind a mutex.
final class PGConnection {
    /// "host:port/database", for messages (never the password).
    let target: String
    private let handle: OpaquePointer
    private var preparedNames: [PGStatement: String] = [:]
    /// Rows written through this connection since the planner statistics were refreshed, and the
    /// table's row count then (see `noteWrites`).
    private var writtenSinceAnalyze = 0
    private var rowsAtAnalyze = 0

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

    /// Set when a pipeline had to be abandoned with results unread: the session is unusable until
    /// `reset`.
    private var abandoned = false

    var isBroken: Bool { abandoned || PQstatus(handle) != CONNECTION_OK }

    /// Reconnects with the same parameters (PQreset); prepared statements are made again on use.
    func reset() throws(PluginError) {
        PQreset(handle)
        abandoned = false
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
        let result = PGConnection.withParameters(parameters) { count, values, lengths, formats in
            PQexecPrepared(handle, name, count, values, lengths, formats, 1)
        }
        return try check(result)
    }

    /// Runs `items` in one transaction through libpq's pipeline mode: statements go out in chunks of
    /// `chunk`, each chunk one round trip instead of one per statement. The first failing statement
    /// fails the whole transaction.
    func pipelinedTransaction(_ items: [(PGStatement, [PGValue])], chunk: Int = 256) throws(PluginError) {
        var names: [String] = []
        names.reserveCapacity(items.count)
        for (statement, _) in items { names.append(try prepare(statement)) }
        try transaction { () throws(PluginError) in
            guard PQenterPipelineMode(handle) == 1 else { throw lastError() }
            do throws(PluginError) {
                var start = 0
                while start < items.count {
                    let end = min(items.count, start + chunk)
                    for index in start..<end {
                        let sent = PGConnection.withParameters(items[index].1) { count, values, lengths, formats in
                            PQsendQueryPrepared(handle, names[index], count, values, lengths, formats, 1)
                        }
                        guard sent == 1 else { throw lastError() }
                    }
                    guard PQpipelineSync(handle) == 1 else { throw lastError() }
                    try drainPipeline(queries: end - start)
                    start = end
                }
            } catch {
                // A pipeline left with unread results cannot be left cleanly: the session counts as
                // broken, so the backend resets it (the server rolls the transaction back) and retries.
                if PQexitPipelineMode(handle) != 1 { abandoned = true }
                throw error
            }
            guard PQexitPipelineMode(handle) == 1 else { throw lastError() }
        }
    }

    /// Reads the results of `queries` pipelined statements and the sync point that follows them.
    private func drainPipeline(queries: Int) throws(PluginError) {
        var firstError: PluginError?
        for _ in 0..<queries {
            while let result = PQgetResult(handle) {
                let status = PQresultStatus(result)
                if status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_PIPELINE_ABORTED, firstError == nil {
                    firstError = error(of: result)
                }
                PQclear(result)
            }
            if isBroken { throw lastError() }
        }
        guard let sync = PQgetResult(handle) else { throw lastError() }
        let syncStatus = PQresultStatus(sync)
        PQclear(sync)
        if let firstError { throw firstError }
        guard syncStatus == PGRES_PIPELINE_SYNC else {
            throw PluginError(.protocol, "PostgreSQL \(target): expected the end of a pipeline, got \(String(cString: PQresStatus(syncStatus)))")
        }
    }

    /// Calls `body` with libpq's parameter arrays for `parameters`, all in binary format. One buffer
    /// holds every value, so each pointer stays valid for the call; it is never empty, so an empty
    /// bytea still gets a non-NULL pointer (NULL would mean SQL NULL).
    private static func withParameters<Result>(
        _ parameters: [PGValue],
        _ body: (Int32, [UnsafePointer<CChar>?], [Int32], [Int32]) -> Result
    ) -> Result {
        let encoded = parameters.map(\.binary)
        var buffer: [UInt8] = []
        var offsets: [Int] = []
        for value in encoded {
            offsets.append(buffer.count)
            buffer.append(contentsOf: value ?? [])
        }
        buffer.append(0)
        let lengths = encoded.map { Int32($0?.count ?? 0) }
        let formats = [Int32](repeating: 1, count: encoded.count)
        return buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = encoded.indices.map { index in
                encoded[index] == nil ? nil : base + offsets[index]
            }
            return body(Int32(encoded.count), pointers, lengths, formats)
        }
    }

    private func prepare(_ statement: PGStatement) throws(PluginError) -> String {
        if let name = preparedNames[statement] { return name }
        let name = "linkstr_\(preparedNames.count + 1)"
        _ = try check(PQprepare(handle, name, statement.sql, Int32(statement.parameterTypes.count), statement.parameterTypes))
        preparedNames[statement] = name
        return name
    }

    /// Refreshes the planner statistics of the records table when they are stale: without them, right
    /// after a bulk load, PostgreSQL takes the table for empty and answers a feed query by walking the
    /// (owner, collection, sort) index and filtering the parent — 30 times slower than the feed index.
    /// Called at open, where it reads the server's counters.
    func refreshStatisticsIfStale() throws(PluginError) {
        let counts = try execute(
            "SELECT n_live_tup, n_mod_since_analyze FROM pg_stat_user_tables WHERE relid = 'linkstr_records'::regclass")
        guard counts.rowCount > 0 else { return }
        let live = Int(counts.text(0, 0)) ?? 0
        let modified = Int(counts.text(0, 1)) ?? 0
        rowsAtAnalyze = live
        if modified >= max(1000, live / 5) { try analyze() }
    }

    /// Counts rows written by a committed batch; once they reach the table's size at the last refresh
    /// (at least 1000), refreshes the statistics (ANALYZE samples at most 30 000 rows, so this costs a
    /// few tens of milliseconds, a logarithmic number of times while a table grows). Autovacuum keeps
    /// them fresh later; it only looks once a minute.
    func noteWrites(_ count: Int) throws(PluginError) {
        writtenSinceAnalyze += count
        if writtenSinceAnalyze >= max(1000, rowsAtAnalyze) { try analyze() }
    }

    private func analyze() throws(PluginError) {
        try execute("ANALYZE linkstr_records")
        rowsAtAnalyze += writtenSinceAnalyze
        writtenSinceAnalyze = 0
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
        guard let result else { throw lastError() }
        let wrapped = PGResult(result)
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK: return wrapped
        default: throw error(of: result)
        }
    }

    /// The error a failed result reports.
    private func error(of result: OpaquePointer) -> PluginError {
        let message = PGConnection.flatten(String(cString: PQresultErrorMessage(result)))
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        return PluginError(
            isBroken ? .unavailable : PGConnection.status(sqlState: sqlState),
            "PostgreSQL \(target): \(message)" + (sqlState.isEmpty ? "" : " (SQLSTATE \(sqlState))"))
    }

    /// The connection's last error (no result at all: out of memory or a lost connection).
    private func lastError() -> PluginError {
        PluginError(isBroken ? .unavailable : .io, "PostgreSQL \(target): \(PGConnection.flatten(String(cString: PQerrorMessage(handle))))")
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
