import CLibPQ

/// Runs SQL directly on a PostgreSQL server (outside the plugin), to build fixtures and inspect state.
enum PGAdmin {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `sql`; returns the first column of every row, as text.
    @discardableResult
    static func execute(_ url: String, _ sql: String) throws -> [String] {
        guard let connection = PQconnectdb(url) else { throw Failure(description: "out of memory") }
        defer { PQfinish(connection) }
        guard PQstatus(connection) == CONNECTION_OK else {
            throw Failure(description: "cannot connect: \(String(cString: PQerrorMessage(connection)))")
        }
        guard let result = PQexec(connection, sql) else { throw Failure(description: "no result") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw Failure(description: String(cString: PQresultErrorMessage(result)))
        }
        return (0..<PQntuples(result)).map { String(cString: PQgetvalue(result, $0, 0)) }
    }
}
