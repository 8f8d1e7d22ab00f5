import Foundation
import LinkstrProcess
import Synchronization

/// The fixture HTTP server (Tests/Support/fixture_server.py) on 127.0.0.1, started once per test
/// process and shared. It generates its media with ffmpeg on first start and exits with this process.
final class FixtureServer: Sendable {
    let port: Int
    private let process: ChildProcess

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private static let shared = Mutex<FixtureServer?>(nil)

    /// The running server; starts it on first use.
    static func start() throws -> FixtureServer {
        try shared.withLock { shared in
            if let shared { return shared }
            let process = try ChildProcess(
                "/usr/bin/env",
                ["python3", TestPaths.packageRoot + "/Tests/Support/fixture_server.py", TestPaths.scratchRoot + "/media-fixtures", "--lifetime", "1800"])
            // Generating the media with ffmpeg on a first start takes a while.
            guard case .line(let text) = process.nextLine(within: .seconds(600)) else {
                throw FixtureServerError(message: "the fixture server did not start (is python3 and ffmpeg installed?): \(process.stderr)")
            }
            guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
                throw FixtureServerError(message: "the fixture server did not start (is python3 and ffmpeg installed?): '\(text)'")
            }
            let server = FixtureServer(port: port, process: process)
            shared = server
            return server
        }
    }
}
