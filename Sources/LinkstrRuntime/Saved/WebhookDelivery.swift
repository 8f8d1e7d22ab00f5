import Foundation
import LinkstrHost

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One POST of a payload to the configured webhook, with the bearer token or the HMAC signature
/// the receiver checks. A redirect is never followed — it would take the token and the signature to
/// another address — but reported as a failure naming where it pointed.
struct WebhookDelivery {
    /// How one POST went.
    enum Result: Equatable {
        case accepted
        /// Offline (skipped, not failed): why.
        case offline(String)
        /// The receiver refused it or could not be reached: why.
        case failed(String)
    }

    static let signatureHeader = "X-Linkstr-Signature"
    static let timestampHeader = "X-Linkstr-Timestamp"
    static let timeout: TimeInterval = 15

    let endpoint: URL
    let settings: SavedLinksSettings

    init?(_ settings: SavedLinksSettings) {
        guard let webhook = settings.webhook, let endpoint = URL(string: webhook) else { return nil }
        self.endpoint = endpoint
        self.settings = settings
    }

    /// Why the endpoint exposes what is sent, or nil: plain http to another machine carries the
    /// links and the token in the clear.
    var plainHTTPWarning: String? {
        guard endpoint.scheme?.lowercased() == "http", let host = endpoint.host, !LoopbackHost.contains(host) else { return nil }
        return "the [saved] webhook \(Self.shown(endpoint)) is plain http to another machine: the links"
            + (settings.token == nil ? "" : " and the token") + " cross the network in the clear; use https"
    }

    /// POSTs `body`; `now` is the Unix time signed with it (`X-Linkstr-Timestamp`).
    func post(_ body: [UInt8], now: Int64) async -> Result {
        if let host = endpoint.host, let reason = NetworkRoute.offlineReason(host: host, port: endpoint.port ?? (endpoint.scheme == "https" ? 443 : 80)) {
            return .offline(reason)
        }
        var request = URLRequest(url: endpoint, timeoutInterval: Self.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("linkstr/\(LinkstrVersion.string)", forHTTPHeaderField: "User-Agent")
        if let token = settings.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let secret = settings.secret {
            request.setValue(String(now), forHTTPHeaderField: Self.timestampHeader)
            request.setValue("sha256=\(Self.signature(of: body, at: now, secret: secret))", forHTTPHeaderField: Self.signatureHeader)
        }
        request.httpBody = Data(body)
        let session = URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (_, response) = try await session.data(for: request)
            let answer = response as? HTTPURLResponse
            let status = answer?.statusCode ?? 0
            if (300..<400).contains(status) {
                let target = answer?.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: endpoint) }.map(Self.shown) ?? "no address"
                return .failed(
                    "the webhook answered HTTP \(status), redirecting to \(target); redirects are not followed (they would take the token "
                        + "and signature elsewhere): set [saved] webhook to the final address")
            }
            return (200..<300).contains(status) ? .accepted : .failed("the webhook answered HTTP \(status)")
        } catch let error as URLError where [.notConnectedToInternet, .cannotFindHost, .dnsLookupFailed].contains(error.code) {
            return .offline("the webhook cannot be reached (\(error.localizedDescription))")
        } catch {
            return .failed("the webhook cannot be reached (\(error.localizedDescription))")
        }
    }

    /// The hex HMAC-SHA256 of `<now>.<body>` under `secret`: a receiver that checks it and the
    /// timestamp's age refuses a recorded request sent again later.
    static func signature(of body: [UInt8], at now: Int64, secret: String) -> String {
        RecordCipher.hmac(key: Array(secret.utf8), Array("\(now).".utf8) + body).map { String(format: "%02x", $0) }.joined()
    }

    /// `url` for a message: scheme, host, port and path (a query or user info may hold a secret).
    private static func shown(_ url: URL) -> String {
        guard var components = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true) else { return "an unreadable address" }
        components.query = nil
        components.user = nil
        components.password = nil
        components.fragment = nil
        return components.string ?? "an unreadable address"
    }

    /// Hands every redirect back as the answer instead of following it.
    private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
