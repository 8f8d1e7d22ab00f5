import Foundation
import PluginTesting
import LinkstrWebApp
import TestSupport

/// A `linkstr app --no-browser --json` process for a home, and where it listens (from the first
/// line it printed).
struct RunningApp {
    /// The home folder it serves.
    let home: String
    let process: ExternalProcess
    let url: String
    let port: Int

    /// Starts the app for the home at `path`; `arguments` go after `app`.
    /// - Parameters:
    ///   - browser: a folder to look for browsers in (`PATH`); nil for `--no-browser`.
    ///   - opening: a clicked link, for `linkstr app open LINK`.
    ///   - environment: more environment variables (`XDG_RUNTIME_DIR`).
    static func start(
        home path: String, _ arguments: [String] = [], browser: String? = nil, opening link: String? = nil, environment more: [String: String] = [:]
    ) async throws -> RunningApp {
        let environment = [
            "PATH": browser ?? "/usr/local/bin:/usr/bin:/bin", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root",
        ].merging(more) { $1 }
        let process = try ExternalProcess(
            executable: BuildProducts.linkstrExecutable,
            ["app"] + (link == nil ? [] : ["open"]) + ["--json", "--home", path] + (browser == nil ? ["--no-browser"] : []) + arguments + (link.map { [$0] } ?? []),
            environment: environment, input: .heldOpen)
        guard await eventually(within: 20, { !process.stdoutLines.isEmpty }) else {
            process.terminate(within: 5)
            throw TestFailure("linkstr app printed no address: \(process.stderr)")
        }
        let first = process.stdoutLines[0]
        guard let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any], let url = object["url"] as? String,
            let port = object["port"] as? Int
        else { throw TestFailure("linkstr app's first line is not {\"url\",\"port\"}: \(first)") }
        return RunningApp(home: path, process: process, url: url, port: port)
    }

    var host: String { "127.0.0.1:\(port)" }
    var origin: String { "http://\(host)" }
}

/// A browser's view of a running app, without the browser: the session cookie and the CSRF token
/// of a launched app, for requests as its own pages make them.
struct SignedIn {
    let app: RunningApp
    /// The answer to the launch URL (the cookie's attributes, the redirect).
    let launch: PlainHTTPClient.Answer
    let cookie: String
    let csrf: String

    /// Opens the launch URL (once) and reads the CSRF token from the first page.
    init(_ app: RunningApp) throws {
        self.app = app
        let token = String(app.url.split(separator: "=").last ?? "")
        launch = try PlainHTTPClient.send(port: app.port, path: "/launch?token=\(token)", headers: [("Host", app.host)])
        guard let setCookie = launch.header("set-cookie") else { throw TestFailure("the launch gave no cookie: HTTP \(launch.status)") }
        cookie = String(setCookie.split(separator: ";")[0])
        let page = try PlainHTTPClient.send(port: app.port, path: "/", headers: [("Host", app.host), ("Cookie", cookie)])
        guard let csrf = page.body.components(separatedBy: "name=\"csrf-token\" content=\"").dropFirst().first?.components(separatedBy: "\"").first
        else { throw TestFailure("the first page has no CSRF token: \(page.body)") }
        self.csrf = csrf
    }

    func get(_ path: String) throws -> PlainHTTPClient.Answer {
        try send(path, headers: [])
    }

    /// A GET with more headers (a `Range`).
    func send(_ path: String, headers: [(String, String)]) throws -> PlainHTTPClient.Answer {
        try PlainHTTPClient.send(port: app.port, path: path, headers: [("Host", app.host), ("Cookie", cookie)] + headers)
    }

    /// Reads the page at `path` again until `condition` holds for it, at most `seconds`: whether it
    /// did, and the page as last read.
    func waitForPage(_ path: String, within seconds: Double = 20, until condition: (String) -> Bool) async -> (held: Bool, page: String) {
        var page = ""
        let held = await eventually(within: seconds) {
            page = (try? get(path).body) ?? ""
            return condition(page)
        }
        return (held, page)
    }

    /// A form POST from the app's own page: its Origin, the cookie and the CSRF token.
    func post(_ path: String, _ fields: [(String, String)]) throws -> PlainHTTPClient.Answer {
        let body = ([("csrf", csrf)] + fields).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        }.joined(separator: "&")
        return try forge(path, origin: app.origin, body: body)
    }

    /// A POST as another page could make it: `origin` (nil: none), the body as written (the CSRF
    /// token only if it holds one), with this browser's cookie unless `withSession` is false.
    func forge(
        _ path: String, origin: String?, body: String, contentType: String = "application/x-www-form-urlencoded", withSession: Bool = true
    ) throws -> PlainHTTPClient.Answer {
        let headers = [("Host", app.host)] + (withSession ? [("Cookie", cookie)] : []) + (origin.map { [("Origin", $0)] } ?? [])
        return try PlainHTTPClient.send(port: app.port, method: "POST", path: path, headers: headers + [("Content-Type", contentType)], body: body)
    }
}

extension LinkstrHome {
    /// `session create NAME` (alone); the new session's id.
    func createSession(_ name: String) throws -> String {
        let created = try run(["session", "create", name, "--json"])
        guard let object = try? JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any], let id = object["id"] as? String else {
            throw TestFailure("session create \(name) failed: \(created.stderr)")
        }
        return id
    }
}
