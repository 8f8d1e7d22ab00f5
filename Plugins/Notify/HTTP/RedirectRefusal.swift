import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Refuses every redirect: a notification carries credentials (a bearer token, a password) that must
/// not go to another address, and a redirected POST arrives empty. The 3xx answer then reaches the
/// notifier, which reports it as a failure naming where the endpoint pointed.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
