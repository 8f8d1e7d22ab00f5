import Foundation
import Glibc

/// A PostgreSQL server for the tests: `LINKSTR_TEST_PG_URL` when set, else a throwaway server that
/// `Tests/Support/pg-test-server.sh` starts on 127.0.0.1 (stopped when the test process ends).
///
/// Thread rule: immutable; `shared` is created once, on first use, by whichever test asks first.
public final class PostgreSQLServer: Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    public let url: String
    /// The server's folder when this process started it.
    public let directory: String?

    private init(url: String, directory: String?) {
        self.url = url
        self.directory = directory
    }

    static let script = ExternalProcess.packageRoot + "/Tests/Support/pg-test-server.sh"

    /// Whether the PostgreSQL tests run (`LINKSTR_TEST_POSTGRESQL=off` leaves them out).
    public static var requested: Bool { ProcessInfo.processInfo.environment["LINKSTR_TEST_POSTGRESQL"] != "off" }

    /// The server every PostgreSQL test shares.
    public static let shared: Result<PostgreSQLServer, StartError> = {
        if let url = ProcessInfo.processInfo.environment["LINKSTR_TEST_PG_URL"], !url.isEmpty {
            return .success(PostgreSQLServer(url: url, directory: nil))
        }
        let started = Result { () throws(StartError) in try start() }
        if case .success = started {
            atexit { if case .success(let server) = PostgreSQLServer.shared { server.stop() } }
        }
        return started
    }()

    /// The shared server's URL, or an error explaining why no server could be started.
    public static func sharedURL() throws -> String {
        try shared.get().url
    }

    /// Starts a new server of its own (for tests that restart or stop it), stopped when this process
    /// ends at the latest.
    public static func start() throws(StartError) -> PostgreSQLServer {
        let directory = "/tmp/linkstr-pg-\(getpid())-\(UUID().uuidString.prefix(8))"
        // The script stops the server when this process ends, even if it crashes.
        let (status, output, errors) = run(["start", directory, "\(getpid())"])
        guard status == 0, let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgresql://") else {
            throw StartError(
                description: "PostgreSQL tests were requested but no server could be started (\(script) start): \(errors)"
                    + " — install the postgresql package, set LINKSTR_TEST_PG_URL, or LINKSTR_TEST_POSTGRESQL=off to leave them out")
        }
        return PostgreSQLServer(url: url, directory: directory)
    }

    public func restart() throws {
        guard let directory else { return }
        let (status, _, errors) = Self.run(["restart", directory])
        guard status == 0 else { throw StartError(description: "restart failed: \(errors)") }
    }

    public func stop() {
        guard let directory else { return }
        _ = Self.run(["stop", directory])
    }

    /// "127.0.0.1:<port>" of a server this process started.
    public var hostAndPort: String {
        let afterAt = url.split(separator: "@").last ?? ""
        return String(afterAt.split(separator: "/").first ?? "")
    }

    /// A URL for the same server whose connections use `schema` first (search_path).
    public func url(schema: String) -> String {
        url.contains("://")
            ? url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
            : url + " options='-csearch_path=\(schema)'"
    }

    private static func run(_ arguments: [String]) -> (Int32, String, String) {
        do {
            let result = try ProcessRunner.run("/bin/sh", [script] + arguments)
            return (result.status, result.stdout, result.stderr)
        } catch {
            return (-1, "", "\(error)")
        }
    }
}
