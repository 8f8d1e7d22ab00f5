import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bounded HTTP GETs for metadata and thumbnails over URLSession (FoundationNetworking/libcurl):
/// - only http and https, every host checked against the `AddressPolicy` before the request and
///   before each redirect;
/// - redirects followed up to `maxRedirects` hops, each target resolved from the `Location` header
///   against the redirecting URL (works around URLSession turning `Location: /dir/` into `/dir` and
///   looping);
/// - the body capped at `maxBytes`: the transfer stops there and the prefix is returned with
///   `truncated` set (a page that never ends, or one of 50 MB, costs at most the cap);
/// - an overall deadline, not just an idle timeout: a server that stalls costs at most `timeout`;
/// - error statuses fail fast without reading the body;
/// - optionally no redirect is followed: the first `Location` is reported instead (runtime
///   canonicalisation of Facebook share links).
///
/// Thread rule: thread-safe; `fetch` may run concurrently from many tasks. Call `invalidate()` once
/// when done (URLSession keeps its delegate alive until then).
final class HTTPFetcher: NSObject, URLSessionDataDelegate, Sendable {
    struct Request: Sendable {
        var url: URL
        var timeout: Duration
        var maxBytes: Int
        var accept: String
        /// Replaces the fetcher's own User-Agent for this request (nil: the fetcher's).
        var userAgent: String? = nil
        /// False: stop at the first redirect and report its target in `Response.redirectTarget`
        /// (the target is not checked against the address policy because it is not fetched).
        var followRedirects = true
    }

    struct Response: Sendable {
        /// After redirects.
        var url: URL
        var status: Int
        var contentType: String?
        var body: [UInt8]
        var truncated: Bool
        /// The first redirect's target, when the request did not follow redirects and got one.
        var redirectTarget: URL? = nil
    }

    let policy: AddressPolicy
    let userAgent: String
    let maxRedirects: Int
    private let session = Mutex<URLSession?>(nil)
    private let tasks = Mutex<[Int: TaskState]>([:])

    /// Per-request state, touched only under `tasks`' lock.
    private final class TaskState: @unchecked Sendable {
        let request: Request
        var continuation: CheckedContinuation<Response, any Error>?
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var truncated = false
        var redirects = 0
        var redirectTarget: URL?
        var redirectStatus = 0
        var failure: FetchError?

        init(request: Request) {
            self.request = request
        }
    }

    init(policy: AddressPolicy, userAgent: String, maxRedirects: Int = 5) {
        self.policy = policy
        self.userAgent = userAgent
        self.maxRedirects = maxRedirects
        super.init()
    }

    /// Cancels every request and releases the session.
    func invalidate() {
        session.withLock { session in
            session?.invalidateAndCancel()
            session = nil
        }
    }

    /// GETs `request.url`. Throws `FetchError` (`.cancelled` when the calling task is cancelled).
    func fetch(_ request: Request) async throws(FetchError) -> Response {
        let policy = self.policy
        let url = request.url
        let checked: Result<Void, FetchError> = await Self.offPool { () -> Result<Void, FetchError> in
            do throws(FetchError) {
                try policy.check(url)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try checked.get()
        if Task.isCancelled { throw .cancelled }

        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout.seconds)
        urlRequest.setValue(request.userAgent ?? userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue(request.accept, forHTTPHeaderField: "Accept")
        urlRequest.setValue("en;q=0.9, *;q=0.5", forHTTPHeaderField: "Accept-Language")
        let task = currentSession().dataTask(with: urlRequest)
        let state = TaskState(request: request)
        let identifier = task.taskIdentifier
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
                    tasks.withLock { $0[identifier] = state; state.continuation = continuation }
                    let deadline = DispatchTime.now() + .nanoseconds(Int(request.timeout.nanoseconds))
                    DispatchQueue.global().asyncAfter(deadline: deadline) { [weak task] in
                        let expired = self.tasks.withLock { tasks -> Bool in
                            guard let state = tasks[identifier], state.failure == nil else { return false }
                            state.failure = .timeout(seconds: request.timeout.seconds)
                            return true
                        }
                        if expired { task?.cancel() }
                    }
                    task.resume()
                }
            } onCancel: {
                tasks.withLock { tasks in
                    if let state = tasks[identifier], state.failure == nil { state.failure = .cancelled }
                }
                task.cancel()
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw .transport(error.localizedDescription)
        }
    }

    private func currentSession() -> URLSession {
        session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.httpMaximumConnectionsPerHost = 4
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let created = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
            session = created
            return created
        }
    }

    // MARK: URLSessionDataDelegate (called on the session's serial delegate queue)

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let proceed = tasks.withLock { tasks -> Bool in
            guard let state = tasks[dataTask.taskIdentifier] else { return false }
            state.response = http
            return (http?.statusCode ?? 200) < 300
        }
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let full = tasks.withLock { tasks -> Bool in
            guard let state = tasks[dataTask.taskIdentifier], !state.truncated else { return false }
            let room = state.request.maxBytes - state.body.count
            if data.count >= room {
                state.body.append(contentsOf: data.prefix(room))
                state.truncated = true
                return true
            }
            state.body.append(contentsOf: data)
            return false
        }
        if full { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let location = response.value(forHTTPHeaderField: "Location")
        let target = location.flatMap { URL(string: $0, relativeTo: response.url)?.absoluteURL } ?? request.url
        let captured = tasks.withLock { tasks -> Bool in
            guard let state = tasks[task.taskIdentifier], !state.request.followRedirects, let target else { return false }
            if state.redirectTarget == nil {
                state.redirectTarget = target
                state.redirectStatus = response.statusCode
            }
            return true
        }
        if captured {
            completionHandler(nil)
            task.cancel()
            return
        }
        let verdict: FetchError? = tasks.withLock { tasks -> FetchError? in
            guard let state = tasks[task.taskIdentifier] else { return .cancelled }
            state.redirects += 1
            return state.redirects > maxRedirects ? .tooManyRedirects(maxRedirects) : nil
        }
        var refusal = verdict
        if refusal == nil, let target {
            do throws(FetchError) {
                try policy.check(target)
            } catch {
                let byConfiguration = if case .privateAddress = error { true } else { false }
                refusal = .redirectRefused("to \(target.absoluteString): \(error)", byConfiguration: byConfiguration)
            }
        } else if refusal == nil {
            refusal = .redirectRefused("without a usable Location")
        }
        if let refusal {
            tasks.withLock { tasks in
                if let state = tasks[task.taskIdentifier], state.failure == nil { state.failure = refusal }
            }
            completionHandler(nil)
            task.cancel()
            return
        }
        var next = request
        next.url = target
        completionHandler(next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let taken = tasks.withLock { tasks -> (state: TaskState, continuation: CheckedContinuation<Response, any Error>?)? in
            guard let state = tasks.removeValue(forKey: task.taskIdentifier) else { return nil }
            defer { state.continuation = nil }
            return (state, state.continuation)
        }
        guard let (state, continuation) = taken else { return }
        let finalURL = state.response?.url ?? task.currentRequest?.url ?? state.request.url
        if let target = state.redirectTarget {
            continuation?.resume(
                returning: Response(
                    url: state.request.url, status: state.redirectStatus, contentType: nil, body: [], truncated: false,
                    redirectTarget: target))
        } else if let failure = state.failure {
            continuation?.resume(throwing: failure)
        } else if let response = state.response, response.statusCode >= 300 {
            continuation?.resume(throwing: FetchError.status(response.statusCode, url: finalURL.absoluteString))
        } else if let error, !state.truncated {
            let cancelled = (error as? URLError)?.code == .cancelled
            continuation?.resume(throwing: cancelled ? FetchError.cancelled : FetchError.transport(error.localizedDescription))
        } else {
            continuation?.resume(
                returning: Response(
                    url: finalURL, status: state.response?.statusCode ?? 200,
                    contentType: state.response?.value(forHTTPHeaderField: "Content-Type"), body: state.body,
                    truncated: state.truncated))
        }
    }

    /// Runs blocking work (DNS) on a Dispatch thread instead of the cooperative pool.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
