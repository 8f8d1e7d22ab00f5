import Foundation
import PluginTesting
import TestSupport

/// A `linkstr app --no-browser --json` process for a home, and where it listens (from the first
/// line it printed).
struct RunningApp {
    let process: HelperProcess
    let url: String
    let port: Int

    /// Starts the app for the home at `path`; `arguments` go after `app`.
    static func start(home path: String, _ arguments: [String] = []) async throws -> RunningApp {
        let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root"]
        let process = try HelperProcess(
            BuildProducts.linkstrExecutable, ["app", "--no-browser", "--json", "--home", path] + arguments, environment: environment, waitForReady: false)
        guard await eventually(within: 20, { !process.stdoutLines.isEmpty }) else {
            process.terminate(within: 5)
            throw TestFailure("linkstr app printed no address: \(process.stderr)")
        }
        let first = process.stdoutLines[0]
        guard let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any], let url = object["url"] as? String,
            let port = object["port"] as? Int
        else { throw TestFailure("linkstr app's first line is not {\"url\",\"port\"}: \(first)") }
        return RunningApp(process: process, url: url, port: port)
    }

    var host: String { "127.0.0.1:\(port)" }
    var origin: String { "http://\(host)" }
}
