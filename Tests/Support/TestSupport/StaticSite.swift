import Foundation

/// Python's http.server on 127.0.0.1 serving one folder, for the media commands.
public struct StaticSite: Sendable {
    public let process: ExternalProcess
    public let port: Int

    /// Serves `folder` on a port the kernel picks.
    public static func serve(_ folder: String) async throws -> StaticSite {
        let process = try ExternalProcess(
            executable: ExternalProcess.python, ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder])
        // "Serving HTTP on 127.0.0.1 port 43215 (http://127.0.0.1:43215/) ..."
        let found = await eventually {
            process.stdout.contains(" ...") || !process.isRunning
        }
        guard found, let port = process.stdout.split(separator: " ").drop(while: { $0 != "port" }).dropFirst().first.flatMap({ Int($0) }) else {
            process.stop()
            throw TestFailure("http.server did not start: \(process.stdout) \(process.stderr)")
        }
        return StaticSite(process: process, port: port)
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}
