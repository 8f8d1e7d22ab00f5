import Foundation
import HTTPTypes
import Hummingbird

/// The security layers, in the order they are checked, for every request before any route:
/// 1. the `Host` header is this server's own loopback address and port (a DNS-rebinding page's
///    requests carry its own host name, and would pass an Origin check alone);
/// 2. `GET /launch?token=…` exchanges the one-time launch token for an `HttpOnly`,
///    `SameSite=Strict` session cookie and redirects to `/` (or to the app's own path in `next`, a
///    clicked link's page), so the token leaves the address bar; every other request needs that cookie;
/// 3. a POST (every change is one) carries this app's own `Origin` and the CSRF token.
/// `POST /launch/new` with `Authorization: Bearer <launch key>` (the key only the app's URL file
/// holds, see ``HostedApp``) answers a fresh one-time launch URL, for `linkstr app` to open a window
/// on an app the background service hosts; without the key it is refused (`key`).
/// Every answer, refusals included, carries the strict Content-Security-Policy. A refusal is a 403
/// whose `X-Linkstr-Refused` header names the layer (`host`, `token`, `key`, `session`, `origin`, `csrf`):
/// `linkstr app selftest` checks each.
struct WebAppGuard: RouterMiddleware {
    typealias Context = AppRequestContext

    let secrets: WebAppSecrets
    let address: WebAppAddress

    static let cookieName = "linkstr_session"
    static let refusedHeaderName = "X-Linkstr-Refused"
    static let refusedHeader = HTTPField.Name(refusedHeaderName)!
    /// The largest form accepted (a link and a note are far smaller).
    static let maxFormBytes = 256 * 1024
    /// The largest upload accepted (a `multipart/form-data` form: a browser's bookmark file).
    static let maxUploadBytes = 32 * 1024 * 1024
    /// The provider players a post may embed (after a click), and nothing else.
    static let embedHosts = [
        "https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com", "https://rumble.com",
        "https://www.tiktok.com", "https://www.instagram.com", "https://www.facebook.com", "https://platform.twitter.com",
    ]
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; "
        + "frame-src \(embedHosts.joined(separator: " ")); frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"

    // Referrer-Policy is `same-origin`, not `no-referrer`: with `no-referrer` a browser sends
    // `Origin: null` on the app's own form POSTs, which the Origin check must refuse.
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await check(request, context: context, next: next)
        let headers: [(String, String)] = [
            ("Content-Security-Policy", Self.contentSecurityPolicy), ("X-Frame-Options", "DENY"), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"), ("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Cache-Control", "no-store"),
        ]
        for (name, value) in headers { response.headers[HTTPField.Name(name)!] = value }
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = address.host, request.head.authority == host else {
            return Self.refuse("host", "This app answers only at its own address; the request named another host.")
        }
        if request.uri.path == HostedApp.issuePath {
            guard request.method == .post, let bearer = request.headers[.authorization], bearer.hasPrefix("Bearer "),
                WebAppSecrets.same(String(bearer.dropFirst("Bearer ".count)), secrets.launchKey)
            else {
                return Self.refuse("key", "A launch address is given only to `linkstr app` of the same user (it reads the app's URL file).")
            }
            let url = "http://\(host)/launch?token=\(secrets.issueLaunchToken())"
            return WebResponse.asset("{\"url\":\"\(url)\"}", type: "application/json")
        }
        let cookie = Self.cookie(in: request.headers[.cookie] ?? "")
        let signedIn = cookie.map { WebAppSecrets.same($0, secrets.session) } ?? false
        if request.uri.path == "/launch" {
            let query = Form(query: request.uri.query ?? "")
            let next = Self.appPath(query.first("next"))
            if signedIn { return Response(status: .seeOther, headers: [.location: next]) }
            let token = query.first("token") ?? ""
            guard secrets.useLaunchToken(token) else {
                return Self.refuse("token", "This launch link was already used or is not this app's. Run `linkstr app` again to open it.")
            }
            return Response(
                status: .seeOther,
                headers: [.location: next, .setCookie: "\(Self.cookieName)=\(secrets.session); Path=/; HttpOnly; SameSite=Strict"])
        }
        guard signedIn else {
            return Self.refuse("session", "Open the app with the link `linkstr app` printed.")
        }
        var context = context
        if request.method == .post {
            guard let origin = address.origin, request.headers[.origin] == origin else {
                return Self.refuse("origin", "A change must come from this app's own pages.")
            }
            let form: Form
            if let boundary = Form.multipartBoundary(request.headers[.contentType]) {
                let body = try await request.body.collect(upTo: Self.maxUploadBytes)
                form = Form(multipart: Data(body.readableBytesView), boundary: boundary)
            } else {
                let body = try await request.body.collect(upTo: Self.maxFormBytes)
                form = Form(query: String(decoding: body.readableBytesView, as: UTF8.self))
            }
            guard WebAppSecrets.same(form.first("csrf") ?? "", secrets.csrf) else {
                return Self.refuse("csrf", "This form is out of date or not this app's; reload the page and try again.")
            }
            context.form = form
        } else if request.method != .get && request.method != .head {
            return Self.refuse("method", "This app takes only GET and POST.")
        }
        return try await next(request, context)
    }

    static func refuse(_ layer: String, _ reason: String) -> Response {
        var response = WebResponse.html(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Refused · linkstr</title></head><body><p>\(HTML.escape(reason))</p></body></html>",
            status: .forbidden)
        response.headers[refusedHeader] = layer
        return response
    }

    /// Where a launch goes: `next` when it is a path of this app (`/…` in printable ASCII, not
    /// `//host` or `/\\host`, which a browser takes for another site), else `/`.
    static func appPath(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
            next.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else { return "/" }
        return next
    }

    /// The session cookie's value in a `Cookie` header.
    static func cookie(in header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.drop(while: { $0 == " " }).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == cookieName { return String(parts[1]) }
        }
        return nil
    }
}
