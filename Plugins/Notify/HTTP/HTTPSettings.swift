import Foundation
import LinkstrPluginKit
import NotifierKit

/// The HTTP notifier's settings, from `[plugins."org.linkstr.notify.http"]`:
///
/// ```toml
/// url = "https://ntfy.sh/my-linkstr-topic"   # required: http or https
/// format = "ntfy"               # "json" (default): the notification as JSON; "ntfy": header form
/// bearer_token = "tk_…"         # or username = "…" and password = "…" (basic); never logged
/// timeout_seconds = 10          # per attempt
/// attempts = 3                  # tries on 5xx and connection errors, 1–10
/// retry_backoff_seconds = 0.5   # before the 2nd try; doubles each time
/// priority = 3                  # ntfy only, 1–5
/// tags = "link"                 # ntfy only, comma-separated
/// ```
struct HTTPSettings: Sendable {
    var endpoint: URL
    var format = HTTPFormat.json
    var authorization = HTTPAuthorization.none
    var timeoutSeconds = 10.0
    var attempts = 3
    var backoffSeconds = 0.5
    var priority = 3
    var tags = "link"

    init(_ settings: PluginSettings) throws(PluginError) {
        let text = try settings.required("url", example: "\"https://ntfy.sh/<your topic>\"")
        endpoint = try Self.endpoint(text, settings)
        if let name = settings.string("format") {
            guard let format = HTTPFormat(name: name) else {
                throw PluginError(.invalid, "setting 'format' of \(settings.section) must be \"json\" or \"ntfy\", not '\(name)'")
            }
            self.format = format
        }
        authorization = try Self.authorization(settings)
        timeoutSeconds = try settings.seconds("timeout_seconds", default: 10, range: 0.1...300)
        attempts = try settings.integer("attempts", default: 3, range: 1...10)
        backoffSeconds = try settings.seconds("retry_backoff_seconds", default: 0.5, range: 0...60)
        priority = try settings.integer("priority", default: 3, range: 1...5)
        if let tags = settings.string("tags") { self.tags = tags }
    }

    /// The endpoint for log lines and messages: no query (webhook URLs often carry a token there).
    var endpointDescription: String { Self.redacted(endpoint) }

    private static func endpoint(_ text: String, _ settings: PluginSettings) throws(PluginError) -> URL {
        let shown = URL(string: text).map(redacted) ?? text
        guard let components = URLComponents(string: text), let url = components.url,
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw PluginError(
                .invalid, "setting 'url' of \(settings.section) is not an http or https URL: '\(shown)'; use e.g. url = \"https://ntfy.sh/<your topic>\"")
        }
        guard components.user == nil, components.password == nil else {
            throw PluginError(
                .invalid, "setting 'url' of \(settings.section) contains a user name or password; put them in username and password instead")
        }
        return url
    }

    private static func authorization(_ settings: PluginSettings) throws(PluginError) -> HTTPAuthorization {
        let token = settings.string("bearer_token")
        let username = settings.string("username")
        let password = settings.string("password")
        switch (token, username, password) {
        case (nil, nil, nil): return .none
        case (let token?, nil, nil): return .bearer(token: token)
        case (nil, let username?, let password?): return .basic(username: username, password: password)
        case (nil, _, _):
            throw PluginError(.invalid, "\(settings.section) needs both username and password for basic authorization")
        default:
            throw PluginError(.invalid, "\(settings.section) sets bearer_token and username/password; keep only one of them")
        }
    }

    private static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "the configured URL" }
        components.user = nil
        components.password = nil
        let hadQuery = components.query != nil
        components.query = nil
        components.fragment = nil
        return (components.string ?? "the configured URL") + (hadQuery ? "?…" : "")
    }
}
