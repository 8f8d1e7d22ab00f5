import CLibPQ

/// A PostgreSQL schema of its own for one benchmark run, so that every run starts from empty tables,
/// its size is its own, and the previous run's tables do not crowd the server's buffer cache.
struct BenchSchema {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let serverURL: String
    let name: String

    /// Creates the schema.
    init(serverURL: String, name: String) throws {
        self.serverURL = serverURL
        self.name = name
        try Self.execute(serverURL, "DROP SCHEMA IF EXISTS \(name) CASCADE; CREATE SCHEMA \(name)")
    }

    /// The server URL with the schema first on the search path (URI form).
    var url: String {
        serverURL + (serverURL.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(name)"
    }

    func drop() {
        _ = try? Self.execute(serverURL, "DROP SCHEMA IF EXISTS \(name) CASCADE")
    }

    private static func execute(_ url: String, _ sql: String) throws {
        guard let connection = PQconnectdb(url) else { throw Failure(description: "out of memory") }
        defer { PQfinish(connection) }
        guard PQstatus(connection) == CONNECTION_OK else {
            throw Failure(description: String(cString: PQerrorMessage(connection)))
        }
        guard let result = PQexec(connection, sql) else { throw Failure(description: String(cString: PQerrorMessage(connection))) }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else { throw Failure(description: String(cString: PQresultErrorMessage(result))) }
    }
}
