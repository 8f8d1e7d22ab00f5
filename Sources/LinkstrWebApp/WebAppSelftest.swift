import Foundation

/// `linkstr app selftest`: attacks a running app through its launch URL, with a plain HTTP client
/// (no browser protections), and reports each layer that held or gave way. The order matters:
/// the token is tried with a rebinding Host before it is used, then used once, then reused.
public enum WebAppSelftest {
    public struct Check: Sendable {
        public var name: String
        public var passed: Bool
        /// What the app answered.
        public var detail: String
    }

    /// Runs every attack against the app whose fresh (unused) launch URL is `launchURL`, on a
    /// thread of its own (the client blocks on its sockets; the app may be served by this process).
    public static func attack(launchURL: String) async -> [Check] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: attacking(launchURL: launchURL)) }
        }
    }

    private static func attacking(launchURL: String) -> [Check] {
        guard let components = URLComponents(string: launchURL), let port = components.port,
            let token = components.queryItems?.first(where: { $0.name == "token" })?.value
        else { return [Check(name: "the launch URL names a port and a token", passed: false, detail: launchURL)] }
        let host = "127.0.0.1:\(port)"
        let origin = "http://\(host)"
        let launchPath = "/launch?token=\(token)"
        var checks: [Check] = []

        /// `malformed`: the HTTP layer's own 400 (a request it does not even parse) counts as refused.
        func refused(_ name: String, as layer: String, malformed: Bool = false, _ send: () throws -> PlainHTTPClient.Answer) {
            do {
                let answer = try send()
                let refusedBy = answer.header(WebAppGuard.refusedHeaderName)
                checks.append(
                    Check(
                        name: name, passed: (answer.status == 403 && refusedBy == layer) || (malformed && answer.status == 400),
                        detail: "HTTP \(answer.status)" + (refusedBy.map { ", refused by the \($0) check" } ?? ", not refused")))
            } catch {
                checks.append(Check(name: name, passed: false, detail: "\(error)"))
            }
        }

        refused("a rebinding Host header is refused (even with the right token)", as: "host") {
            try PlainHTTPClient.send(port: port, path: launchPath, headers: [("Host", "rebind.example:\(port)")])
        }
        refused("a request without a Host header is refused", as: "host", malformed: true) {
            try PlainHTTPClient.send(port: port, path: "/", headers: [])
        }
        refused("a page without the session cookie is refused", as: "session") {
            try PlainHTTPClient.send(port: port, path: "/", headers: [("Host", host)])
        }
        refused("a wrong launch token is refused", as: "token") {
            try PlainHTTPClient.send(port: port, path: "/launch?token=0000", headers: [("Host", host)])
        }
        refused("a launch address asked for without the launch key is refused", as: "key") {
            try PlainHTTPClient.send(
                port: port, method: "POST", path: HostedApp.issuePath, headers: [("Host", host), ("Authorization", "Bearer " + String(repeating: "0", count: 64))])
        }

        // The real launch: a cookie that only HTTP carries, only to this site, and a URL without the token.
        var cookie: String?
        do {
            let answer = try PlainHTTPClient.send(port: port, path: launchPath, headers: [("Host", host)])
            let setCookie = answer.header("set-cookie") ?? ""
            let good = answer.status == 303 && answer.header("location") == "/" && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict")
            cookie = setCookie.split(separator: ";").first.map(String.init)
            checks.append(
                Check(
                    name: "the launch token becomes an HttpOnly, SameSite=Strict cookie and a redirect without the token", passed: good && cookie != nil,
                    detail: "HTTP \(answer.status), Location \(answer.header("location") ?? "none"), Set-Cookie attributes \(setCookie.split(separator: ";").dropFirst().joined(separator: ";"))"))
        } catch {
            checks.append(Check(name: "the launch token opens the app", passed: false, detail: "\(error)"))
        }
        refused("a reused launch token is refused", as: "token") {
            try PlainHTTPClient.send(port: port, path: launchPath, headers: [("Host", host)])
        }
        guard let cookie else { return checks }
        do {
            let answer = try PlainHTTPClient.send(port: port, path: "/launch?next=%2F%2Fevil.example%2F", headers: [("Host", host), ("Cookie", cookie)])
            checks.append(
                Check(
                    name: "a launch goes only to the app's own pages", passed: answer.status == 303 && answer.header("location") == "/",
                    detail: "next=//evil.example/: HTTP \(answer.status), Location \(answer.header("location") ?? "none")"))
        } catch {
            checks.append(Check(name: "a launch goes only to the app's own pages", passed: false, detail: "\(error)"))
        }

        // The CSRF token, as the app's own page carries it; and the page's Content-Security-Policy.
        var csrf = ""
        do {
            let page = try PlainHTTPClient.send(port: port, path: "/", headers: [("Host", host), ("Cookie", cookie)])
            csrf = page.body.components(separatedBy: "<meta name=\"csrf-token\" content=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
            let policy = page.header("content-security-policy") ?? ""
            let strict = ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"].allSatisfy(policy.contains)
            checks.append(Check(name: "pages carry a strict Content-Security-Policy", passed: page.status == 200 && strict, detail: "HTTP \(page.status), CSP \(policy)"))
        } catch {
            checks.append(Check(name: "the app's page opens with the cookie", passed: false, detail: "\(error)"))
        }

        // A change (adding a contact) that must never get through: its key is not even valid, so
        // an app whose guard gave way answers with the contact form's own error, not a 403.
        let change = "csrf=\(csrf)&key=npub1selftest"
        refused("a cross-origin POST is refused", as: "origin") {
            try PlainHTTPClient.send(
                port: port, method: "POST", path: "/contacts",
                headers: [("Host", host), ("Cookie", cookie), ("Origin", "http://rebind.example"), ("Content-Type", "application/x-www-form-urlencoded")],
                body: change)
        }
        refused("a POST without an Origin is refused", as: "origin") {
            try PlainHTTPClient.send(
                port: port, method: "POST", path: "/contacts", headers: [("Host", host), ("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded")],
                body: change)
        }
        refused("a form POST without the CSRF token is refused", as: "csrf") {
            try PlainHTTPClient.send(
                port: port, method: "POST", path: "/contacts",
                headers: [("Host", host), ("Cookie", cookie), ("Origin", origin), ("Content-Type", "application/x-www-form-urlencoded")],
                body: "key=npub1selftest")
        }
        refused("a POST with a wrong CSRF token is refused", as: "csrf") {
            try PlainHTTPClient.send(
                port: port, method: "POST", path: "/contacts",
                headers: [("Host", host), ("Cookie", cookie), ("Origin", origin), ("Content-Type", "application/x-www-form-urlencoded")],
                body: "csrf=\(String(repeating: "0", count: 64))&key=npub1selftest")
        }
        // An upload is a form too: its CSRF token is checked the same way.
        refused("a file upload without the CSRF token is refused", as: "csrf") {
            let boundary = "linkstr-selftest"
            return try PlainHTTPClient.send(
                port: port, method: "POST", path: "/saved/import",
                headers: [("Host", host), ("Cookie", cookie), ("Origin", origin), ("Content-Type", "multipart/form-data; boundary=\(boundary)")],
                body: "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bookmarks.html\"\r\n\r\n"
                    + "<DT><A HREF=\"https://selftest.invalid/\">selftest</A>\r\n--\(boundary)--\r\n")
        }
        return checks
    }
}
