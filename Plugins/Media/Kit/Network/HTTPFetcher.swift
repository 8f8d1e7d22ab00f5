import Dispatch
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// Bounded HTTP/1.1 GETs for metadata and thumbnails, over SwiftNIO:
/// - only http and https; each host is resolved once, every address is checked against the
///   `AddressPolicy`, and the connection goes to one of those very addresses (TLS verifies the
///   certificate for the host name and sends it as SNI), so a DNS answer that changes after the
///   check (rebinding) is never used — for the first request and for every redirect hop;
/// - redirects followed up to `maxRedirects` hops, each target resolved from the `Location` header
///   against the redirecting URL;
/// - the body capped at `maxBytes`: the transfer stops there and the prefix is returned with
///   `truncated` set (a page that never ends, or one of 50 MB, costs at most the cap);
/// - an overall deadline, not just an idle timeout: a server that stalls costs at most `timeout`;
/// - error statuses fail fast without reading the body;
/// - optionally no redirect is followed: the first `Location` is reported instead (runtime
///   canonicalisation of Facebook share links).
/// One request per connection (`Connection: close`); no content coding is asked for.
///
/// Thread rule: thread-safe; `fetch` may run concurrently from many tasks. Call `invalidate()` once
/// when done: it cancels what is in flight and stops the fetcher's event loop.
final class HTTPFetcher: Sendable {
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
    /// Certificate authorities trusted besides the system's (a PEM file), or nil.
    let caFile: String?
    private let state = Mutex(Resources())

    /// The event loop and TLS context, made on first use; the exchanges in flight.
    private struct Resources {
        var loops: MultiThreadedEventLoopGroup?
        var tls: NIOSSLContext?
        var invalidated = false
        var exchanges: [Int: Exchange] = [:]
        var nextExchange = 0
    }

    /// One connection in flight, as `invalidate()` and cancellation reach it.
    struct Exchange: Sendable {
        var answer: EventLoopPromise<Answer>
        var channel: (any Channel)?

        func cancel() {
            answer.fail(FetchError.cancelled)
            channel?.close(promise: nil)
        }
    }

    init(policy: AddressPolicy, userAgent: String, maxRedirects: Int = 5, caFile: String? = nil) {
        self.policy = policy
        self.userAgent = userAgent
        self.maxRedirects = maxRedirects
        self.caFile = caFile
    }

    /// Cancels every request and stops the event loop; later fetches fail as cancelled.
    func invalidate() {
        let (exchanges, loops) = state.withLock { state in
            let taken = (Array(state.exchanges.values), state.loops)
            state.invalidated = true
            state.exchanges = [:]
            state.loops = nil
            return taken
        }
        for exchange in exchanges { exchange.cancel() }
        loops?.shutdownGracefully { _ in }
    }

    /// GETs `request.url`. Throws `FetchError` (`.cancelled` when the calling task is cancelled).
    func fetch(_ request: Request) async throws(FetchError) -> Response {
        let deadline = NIODeadline.now() + .nanoseconds(request.timeout.nanoseconds)
        var url = request.url
        var redirects = 0
        while true {
            let addresses: [AddressPolicy.Address]
            do throws(FetchError) {
                addresses = try await resolve(url)
            } catch where redirects > 0 {
                let byConfiguration = if case .privateAddress = error { true } else { false }
                throw .redirectRefused("to \(url.absoluteString): \(error)", byConfiguration: byConfiguration)
            }
            if Task.isCancelled { throw .cancelled }
            switch try await exchange(url, addresses: addresses, request: request, deadline: deadline) {
            case .page(let status, let contentType, let body, let truncated):
                return Response(url: url, status: status, contentType: contentType, body: body, truncated: truncated)
            case .redirect(let status, let location):
                guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
                    throw .redirectRefused("without a usable Location")
                }
                if !request.followRedirects {
                    return Response(url: request.url, status: status, contentType: nil, body: [], truncated: false, redirectTarget: target)
                }
                redirects += 1
                if redirects > maxRedirects { throw .tooManyRedirects(maxRedirects) }
                url = target
            }
        }
    }

    /// The addresses `url` may connect to, resolved on a Dispatch thread (DNS blocks).
    private func resolve(_ url: URL) async throws(FetchError) -> [AddressPolicy.Address] {
        let policy = self.policy
        let resolved = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[AddressPolicy.Address], FetchError>, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(FetchError) in try policy.addresses(for: url) })
            }
        }
        return try resolved.get()
    }

    /// One GET of `url` on a connection to one of `addresses` (the first that accepts).
    private func exchange(
        _ url: URL, addresses: [AddressPolicy.Address], request: Request, deadline: NIODeadline
    ) async throws(FetchError) -> Answer {
        let host = try AddressPolicy.host(of: url)
        let secure = url.scheme?.lowercased() == "https"
        let port = url.port ?? (secure ? 443 : 80)
        let (loop, tls, identifier, answer) = try register(secure: secure)
        defer { state.withLock { _ = $0.exchanges.removeValue(forKey: identifier) } }
        let timeout = FetchError.timeout(seconds: request.timeout.seconds)
        let expiry = loop.scheduleTask(deadline: deadline) { answer.fail(timeout) }
        defer { expiry.cancel() }
        let head = requestHead(url, host: host, request: request)
        let maxBytes = request.maxBytes
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let bootstrap: @Sendable () -> ClientBootstrap = {
            ClientBootstrap(group: loop).connectTimeout(max(.milliseconds(1), deadline - .now())).channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(url: url, maxBytes: maxBytes, answer: answer))
                }
            }
        }
        connect(bootstrap, on: loop, to: addresses, host: host, port: port).whenComplete { result in
            switch result {
            case .success(let channel):
                let kept = self.state.withLock { state -> Bool in
                    guard state.exchanges[identifier] != nil else { return false }
                    state.exchanges[identifier]?.channel = channel
                    return true
                }
                guard kept else { return channel.close(promise: nil) }
                answer.futureResult.whenComplete { _ in channel.close(promise: nil) }
                channel.write(HTTPClientRequestPart.head(head), promise: nil)
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            case .failure(let error):
                answer.fail(error)
            }
        }
        do {
            return try await withTaskCancellationHandler {
                try await answer.futureResult.get()
            } onCancel: {
                state.withLock { $0.exchanges[identifier] }?.cancel()
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw .transport(ResponseCollector.describe(error))
        }
    }

    /// Records a new exchange; its loop, the TLS context when `secure`, its key and its answer.
    private func register(secure: Bool) throws(FetchError) -> (any EventLoop, NIOSSLContext?, Int, EventLoopPromise<Answer>) {
        let registered = state.withLock { state -> Result<(any EventLoop, NIOSSLContext?, Int, EventLoopPromise<Answer>), FetchError> in
            guard !state.invalidated else { return .failure(.cancelled) }
            if secure, state.tls == nil {
                var configuration = TLSConfiguration.makeClientConfiguration()
                if let caFile { configuration.additionalTrustRoots = [.file(caFile)] }
                do {
                    state.tls = try NIOSSLContext(configuration: configuration)
                } catch {
                    return .failure(.transport("cannot set up TLS (ca_file \(caFile ?? "not set")): \(error)"))
                }
            }
            let loops = state.loops ?? MultiThreadedEventLoopGroup(numberOfThreads: 1)
            state.loops = loops
            let loop = loops.next()
            let answer = loop.makePromise(of: Answer.self)
            let identifier = state.nextExchange
            state.nextExchange += 1
            state.exchanges[identifier] = Exchange(answer: answer)
            return .success((loop, secure ? state.tls : nil, identifier, answer))
        }
        return try registered.get()
    }

    /// A channel to the first of `addresses` that accepts a connection on `port`.
    private func connect(
        _ bootstrap: @escaping @Sendable () -> ClientBootstrap, on loop: any EventLoop, to addresses: [AddressPolicy.Address], host: String, port: Int
    ) -> EventLoopFuture<any Channel> {
        var attempt: EventLoopFuture<any Channel> = loop.makeFailedFuture(FetchError.transport("cannot connect to \(host): no address"))
        for address in addresses {
            attempt = attempt.flatMapError { _ in
                do {
                    return bootstrap().connect(to: try SocketAddress(ipAddress: address.text, port: port))
                } catch {
                    return loop.makeFailedFuture(error)
                }
            }.flatMapErrorThrowing { error in
                throw FetchError.transport("cannot connect to \(host) (\(address.text)): \(ResponseCollector.describe(error))")
            }
        }
        return attempt
    }

    private func requestHead(_ url: URL, host: String, request: Request) -> HTTPRequestHead {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components.map { $0.percentEncodedPath.isEmpty ? "/" : $0.percentEncodedPath } ?? "/"
        let target = path + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
        let authority = (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? "")
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: authority)
        headers.add(name: "User-Agent", value: request.userAgent ?? userAgent)
        headers.add(name: "Accept", value: request.accept)
        headers.add(name: "Accept-Language", value: "en;q=0.9, *;q=0.5")
        headers.add(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
    }
}
