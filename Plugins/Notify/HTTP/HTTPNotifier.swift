import Foundation
import LinkstrPluginKit
import NotifierKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs each notification to a configured URL — an ntfy topic, a UnifiedPush endpoint or any
/// webhook — as JSON or in ntfy's header form, with optional bearer or basic authorization, a timeout
/// per attempt and a bounded retry with doubling backoff on 5xx and connection errors.
///
/// Secrets (the token, the password, a URL's query) never appear in log lines or errors.
///
/// Thread rules: those of `Notifier`; URLSession calls back on its own queue.
final class HTTPNotifier: Notifier {
    static let pluginID = "org.linkstr.notify.http"

    let settings: HTTPSettings
    private let host: PluginHost
    private let session: URLSession

    init(host: PluginHost) throws(PluginError) {
        self.host = host
        settings = try HTTPSettings(PluginSettings(host: host, pluginID: Self.pluginID))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeoutSeconds
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        if settings.endpoint.scheme?.lowercased() == "http", let endpointHost = settings.endpoint.host, !LoopbackHost.contains(endpointHost) {
            host.log(
                .warn, "\(settings.endpointDescription) is plain http to another machine: notifications"
                    + (settings.authorization.headerValue == nil ? "" : " and the credentials") + " cross the network in the clear; use https")
        }
    }

    /// A HEAD request without credentials: any HTTP answer means the server is there.
    func probe() throws(PluginError) {
        var request = URLRequest(url: settings.endpoint, timeoutInterval: min(settings.timeoutSeconds, 5))
        request.httpMethod = "HEAD"
        switch perform(request, cancellation: DeliveryCancellation()) {
        case .success(let status):
            host.log(.info, "\(settings.endpointDescription) answers (HTTP \(status))")
        case .failure(let failure) where failure.serverAnswered:
            host.log(.info, "\(settings.endpointDescription) answers (\(failure.reason))")
        case .failure(let failure):
            throw PluginError(.unavailable, "cannot reach \(settings.endpointDescription): \(failure.reason)")
        }
    }

    func deliver(_ message: NotificationMessage, cancellation: DeliveryCancellation) throws(PluginError) {
        let request = request(for: message)
        var backoff = settings.backoffSeconds
        for number in 1...settings.attempts {
            let failure: HTTPFailure
            switch perform(request, cancellation: cancellation) {
            case .success(let status):
                host.log(.debug, "delivered \(message.id) to \(settings.endpointDescription) (HTTP \(status))")
                return
            case .failure(let attemptFailure):
                failure = attemptFailure
            }
            guard failure.isRetryable, number < settings.attempts else {
                throw error(for: failure, attempts: number)
            }
            host.log(
                .warn,
                "attempt \(number) of \(settings.attempts) to deliver \(message.id) to \(settings.endpointDescription) failed (\(failure.reason)); trying again in \(backoff) s")
            guard cancellation.sleep(seconds: backoff) else { throw error(for: .cancelled, attempts: number) }
            backoff *= 2
        }
    }

    func shutdown() {
        session.invalidateAndCancel()
    }

    /// Sends one request and waits for its outcome: the 2xx status, or why it failed.
    private func perform(_ request: URLRequest, cancellation: DeliveryCancellation) -> Result<Int, HTTPFailure> {
        let outcome = Rendezvous<Result<Int, HTTPFailure>>()
        let task = session.dataTask(with: request) { data, response, error in
            outcome.fulfil(Self.attempt(data: data, response: response, error: error))
        }
        cancellation.onCancel {
            task.cancel()
            outcome.fulfil(.failure(.cancelled))
        }
        task.resume()
        return outcome.wait()
    }

    private static func attempt(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<Int, HTTPFailure> {
        if let error {
            switch (error as? URLError)?.code {
            case .timedOut?: return .failure(.timedOut)
            case .cancelled?: return .failure(.cancelled)
            default: return .failure(.unreachable(reason: error.localizedDescription))
            }
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(.unreachable(reason: "the answer was not HTTP"))
        }
        let status = response.statusCode
        let excerpt = ResponseExcerpt.make(data ?? Data(), contentType: response.value(forHTTPHeaderField: "Content-Type"))
        switch status {
        case 200..<300: return .success(status)
        case 300..<400: return .failure(.redirected(status: status, location: withoutSecrets(response.value(forHTTPHeaderField: "Location"))))
        case 429, 500...: return .failure(.serverFailed(status: status, excerpt: excerpt))
        default: return .failure(.refused(status: status, excerpt: excerpt))
        }
    }

    /// A redirect target for a message: scheme, host and path only (a query or user info may hold a secret).
    private static func withoutSecrets(_ location: String?) -> String {
        guard let location, var components = URLComponents(string: location) else { return "an unreadable location" }
        components.query = nil
        components.user = nil
        components.password = nil
        return components.string ?? "an unreadable location"
    }

    private func error(for failure: HTTPFailure, attempts: Int) -> PluginError {
        let target = settings.endpointDescription
        let tries = attempts == 1 ? "" : " after \(attempts) attempts"
        switch failure {
        case .refused(let status, _) where status == 401 || status == 403:
            return PluginError(
                .permission, "\(target) refused the credentials (\(failure.reason)); check bearer_token or username and password")
        case .refused:
            return PluginError(.protocol, "\(target) refused the notification (\(failure.reason))")
        case .redirected:
            return PluginError(
                .protocol,
                "\(target) answered with a redirect (\(failure.reason)); redirects are not followed, since they would take the credentials elsewhere: set url to the final address")
        case .serverFailed:
            return PluginError(.io, "\(target) failed\(tries) (\(failure.reason))")
        case .unreachable:
            return PluginError(.unavailable, "cannot reach \(target)\(tries): \(failure.reason)")
        case .timedOut:
            return PluginError(.timeout, "\(target) did not answer within \(settings.timeoutSeconds) s")
        case .cancelled:
            return PluginError(.cancelled, "delivery to \(target) was cancelled")
        }
    }
}
