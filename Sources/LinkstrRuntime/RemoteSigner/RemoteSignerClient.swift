import Foundation
import LinkstrHost
import NostrCore
import Synchronization

/// A NIP-46 client: sends requests to a remote signer ("bunker") over a relay client of its own and
/// matches the answers by request id, so any number of requests can be in flight at once.
///
/// Requests and answers are kind-24133 events, NIP-44 encrypted between the client's session key
/// and the signer's key and `p`-tagged to the other side. Each request has a time limit; its first
/// `auth_url` answer is handed to `onAuthURL` and the request waits one fresh time limit for the
/// signer's next answer to the same id. Later `auth_url` answers to it open nothing and extend
/// nothing, so a signer can neither flood the browser nor keep a request waiting for ever. Requests
/// are paced (``RemoteSignerPacing``): a few in flight, and a relay's `rate-limited:` answer slows
/// every request down instead of failing it.
///
/// Thread rule: thread-safe; call from any task.
public final class RemoteSignerClient: Sendable {
    public static let eventKind = 24133
    public static let defaultTimeout: Duration = .seconds(30)
    /// How long an answer may take, while the relays are rate-limiting, before the request is sent again.
    static let resendInterval: Duration = .seconds(5)
    static let subscriptionID = "linkstr-nip46"

    /// The remote signer's key (not the user's key: ask ``publicKey()`` for that).
    public let signer: PublicKey
    public let relays: [String]
    /// The client's session key: the signer knows the client by its public key.
    let session: LocalSigner
    let pool: RelayClient
    let timeout: Duration
    let onAuthURL: @Sendable (String) -> Void
    /// Where the client's own tasks run (listening, publishing, time limits).
    let executor = RemoteSignerExecutor()
    let pacing = RemoteSignerPacing()
    private let pending = Mutex<[String: PendingRequest]>([:])
    private let listener = Mutex<Task<Void, Never>?>(nil)

    private struct PendingRequest {
        var method: String
        var deadline: ContinuousClock.Instant
        var continuation: CheckedContinuation<String, any Error>
        /// Whether an `auth_url` was handed on already (the only one for this request).
        var challenged = false
        /// The relay's `rate-limited:` answer, when it refused this request.
        var rateLimit: String?
    }

    /// Points `pool` at the link's relays and listens there for the signer's answers.
    ///
    /// - Parameters:
    ///   - sessionKey: the client's key for this signer (keep it to reconnect without the link's secret).
    ///   - timeout: how long each request waits for its answer.
    ///   - onAuthURL: told the URL of an auth challenge (show it to the user).
    public init(
        pool: RelayClient, link: BunkerLink, sessionKey: SecretKey, timeout: Duration = defaultTimeout,
        onAuthURL: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(RemoteSignerError) {
        signer = link.signer
        relays = link.relays
        session = LocalSigner(secretKey: sessionKey)
        self.pool = pool
        self.timeout = timeout
        self.onAuthURL = onAuthURL
        let filter = Filter(
            authors: [link.signer], kinds: [Self.eventKind], pubkeyReferences: [session.publicKey],
            since: Int64(Date().timeIntervalSince1970) - 60)
        let messages: SubscriptionStream
        do {
            try pool.setRelays(link.relays.map { RelayConfiguration(url: $0) })
            messages = try pool.subscribe(Self.subscriptionID, filters: [filter])
        } catch {
            throw .unreachable(relays: link.relays, reason: error.description)
        }
        let task = Task(executorPreference: executor) { [weak self] in
            for await message in messages {
                guard case .event(let received) = message else { continue }
                self?.receive(received.event)
            }
        }
        listener.withLock { $0 = task }
    }

    deinit {
        close()
    }

    /// The client's public key, as the signer sees it.
    public var sessionPublicKey: PublicKey { session.publicKey }

    /// Stops listening and leaves the relays; requests still waiting fail with ``RemoteSignerError/closed``.
    public func close() {
        pool.unsubscribe(Self.subscriptionID)
        try? pool.setRelays([])
        listener.withLock { $0?.cancel() }
        let waiting = pending.withLock { pending in
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        for request in waiting { request.continuation.resume(throwing: RemoteSignerError.closed) }
    }

    /// Sends `method` with `params` and returns the signer's `result`.
    public func request(_ method: String, _ params: [String] = []) async throws(RemoteSignerError) -> String {
        await pacing.acquire()
        defer { pacing.release() }
        let request = RemoteSignerRequest(id: Self.newRequestID(), method: method, params: params)
        let event = try envelope(request)
        let deadline = ContinuousClock.now + timeout
        try await waitForRelay(method: method, until: deadline)
        do {
            return try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0[request.id] = PendingRequest(method: method, deadline: deadline, continuation: continuation) }
                Task(executorPreference: executor) { await self.publish(event, request: request, until: deadline) }
                Task(executorPreference: executor) { await self.expire(request.id) }
            }
        } catch let error as RemoteSignerError {
            throw error
        } catch {
            throw .closed
        }
    }

    private func envelope(_ request: RemoteSignerRequest) throws(RemoteSignerError) -> Event {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            let json = String(decoding: try encoder.encode(request), as: UTF8.self)
            let content = try session.nip44Encrypt(json, to: signer)
            return try session.sign(
                UnsignedEvent(
                    pubkey: session.publicKey, createdAt: Int64(Date().timeIntervalSince1970), kind: Self.eventKind,
                    tags: [["p", signer.hex]], content: content))
        } catch {
            throw .unreachable(relays: relays, reason: "cannot prepare the request: \(error)")
        }
    }

    /// Waits until one of the signer's relays is connected, at most until `deadline`.
    private func waitForRelay(method: String, until deadline: ContinuousClock.Instant) async throws(RemoteSignerError) {
        let connected = await pool.waitForConnection(until: deadline)
        if Task.isCancelled { throw .closed }
        guard connected else {
            let reasons = pool.lastErrors.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; ")
            throw .unreachable(relays: relays, reason: reasons.isEmpty ? "no relay connected within the time limit" : reasons)
        }
    }

    /// Publishes the request, after any pause; a `rate-limited:` refusal pauses and tries again
    /// until `deadline` (the request's own time limit ends it then). While the relays are
    /// rate-limiting, the signer's answer may be refused too (it publishes through the same relays,
    /// and does not try again): a request still unanswered `resendInterval` after it went out is
    /// sent again (a new event, the same request id; the first answer counts).
    private func publish(_ first: Event, request: RemoteSignerRequest, until deadline: ContinuousClock.Instant) async {
        var event = first
        while pending.withLock({ $0[request.id] != nil }) {
            if let pause = pacing.pausedUntil {
                guard pause < deadline else { return }
                try? await Task.sleep(until: pause)
                continue
            }
            do {
                _ = try await pool.publish(event)
                pacing.accepted()
            } catch let error where error.status == .busy {
                pacing.rateLimited()
                pending.withLock { $0[request.id]?.rateLimit = error.message }
                continue
            } catch {
                finish(request.id) { _ in .failure(RemoteSignerError.unreachable(relays: relays, reason: error.description)) }
                return
            }
            let resendAt = ContinuousClock.now + Self.resendInterval
            guard resendAt < deadline else { return }
            try? await Task.sleep(until: resendAt)
            guard pacing.recentlyRateLimited, let again = try? envelope(request) else { return }
            event = again
        }
    }

    /// Fails the request with a timeout once its deadline (moved on by an auth challenge) passes.
    private func expire(_ requestID: String) async {
        while let waiting = pending.withLock({ pending in pending[requestID].map { (deadline: $0.deadline, rateLimit: $0.rateLimit) } }) {
            guard ContinuousClock.now >= waiting.deadline else {
                try? await Task.sleep(until: waiting.deadline)
                continue
            }
            let seconds = timeout.components.seconds
            finish(requestID) { method in
                if let rateLimit = waiting.rateLimit { return .failure(RemoteSignerError.rateLimited(method: method, seconds: seconds, relays: relays, message: rateLimit)) }
                return .failure(RemoteSignerError.timeout(method: method, seconds: seconds, relays: relays))
            }
        }
    }

    private func receive(_ event: Event) {
        guard event.pubkey == signer, let text = try? session.nip44Decrypt(event.content, from: signer),
            let response = try? JSONDecoder().decode(RemoteSignerResponse.self, from: Data(text.utf8))
        else { return }
        if let url = response.authURL {
            let first = pending.withLock { pending in
                guard pending[response.id]?.challenged == false else { return false }
                pending[response.id]?.challenged = true
                pending[response.id]?.deadline = ContinuousClock.now + timeout
                return true
            }
            if first { onAuthURL(url) }
            return
        }
        finish(response.id) { method in
            if let error = response.error, !error.isEmpty { return .failure(RemoteSignerError.refused(method: method, message: error)) }
            return .success(response.result ?? "")
        }
    }

    /// Resumes the request `id` (once) with what `outcome` makes of its method.
    private func finish(_ id: String, _ outcome: (String) -> Result<String, any Error>) {
        guard let request = pending.withLock({ $0.removeValue(forKey: id) }) else { return }
        request.continuation.resume(with: outcome(request.method))
    }

    private static func newRequestID() -> String {
        (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined()
    }
}
