import Foundation
import LinkstrHost
import NostrCore

import Synchronization

/// The client-initiated connection (`nostrconnect://`): the client shows its link, a signer
/// connects back to the client's key, and the answer carrying the link's secret names the signer.
/// Anyone who saw the link can answer it too: an answer without the secret (or an error) is
/// ignored, and only said at the end of a wait in which no signer brought the secret.
extension NostrConnectLink {
    static let connectSubscriptionID = "linkstr-nip46-connect"

    /// Listens on the link's relays until a signer answers it (at most `wait`), checks the secret
    /// it returns, and gives a client for that signer (already connected: no `connect` to send).
    ///
    /// - Parameters:
    ///   - sessionKey: the key the link was made for (its `client`).
    ///   - listening: called once a relay is connected, so the link can be shown (the signer's
    ///     answer is ephemeral: a relay does not keep it for a subscription that comes later).
    ///   - timeout: how long each later request waits for its answer.
    public func accept(
        pool: RelayClient, sessionKey: SecretKey, wait: Duration, listening: @Sendable () -> Void,
        timeout: Duration = RemoteSignerClient.defaultTimeout, onAuthURL: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(RemoteSignerError) -> RemoteSignerClient {
        let link = self
        let session = LocalSigner(secretKey: sessionKey)
        let filter = Filter(
            kinds: [RemoteSignerClient.eventKind], pubkeyReferences: [session.publicKey], since: Int64(Date().timeIntervalSince1970) - 60)
        let messages: SubscriptionStream
        do {
            try pool.setRelays(link.relays.map { RelayConfiguration(url: $0) })
            messages = try pool.subscribe(Self.connectSubscriptionID, filters: [filter])
        } catch {
            throw .unreachable(relays: link.relays, reason: error.description)
        }
        defer { pool.unsubscribe(Self.connectSubscriptionID) }
        let deadline = ContinuousClock.now + wait
        while !pool.statuses.values.contains(where: \.isConnected) {
            guard ContinuousClock.now < deadline else {
                let reasons = pool.lastErrors.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; ")
                throw .unreachable(relays: link.relays, reason: reasons.isEmpty ? "no relay connected within the time limit" : reasons)
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        listening()
        let signer: PublicKey
        let impostor = ImpostorAnswer()
        do {
            signer = try await withThrowingTaskGroup(of: PublicKey.self) { group in
                group.addTask { try await Self.firstSigner(answering: link, in: messages, session: session, impostor: impostor) }
                group.addTask {
                    try await Task.sleep(until: deadline)
                    if let author = impostor.author { throw RemoteSignerError.wrongSecret(signer: author) }
                    throw RemoteSignerError.noSignerConnected(seconds: wait.components.seconds, relays: link.relays)
                }
                defer { group.cancelAll() }
                guard let signer = try await group.next() else { throw RemoteSignerError.closed }
                return signer
            }
        } catch let error as RemoteSignerError {
            throw error
        } catch {
            throw .closed
        }
        return try RemoteSignerClient(
            pool: pool, link: BunkerLink(signer: signer, relays: link.relays, secret: nil), sessionKey: sessionKey, timeout: timeout,
            onAuthURL: onAuthURL)
    }

    /// The author of the first answer to `session` that carries the link's secret; other answers
    /// (a wrong secret, an error) are noted in `impostor` and the wait goes on.
    private static func firstSigner(
        answering link: NostrConnectLink, in messages: SubscriptionStream, session: LocalSigner, impostor: ImpostorAnswer
    ) async throws(RemoteSignerError) -> PublicKey {
        for await message in messages {
            guard case .event(let received) = message, received.event.kind == RemoteSignerClient.eventKind,
                let text = try? session.nip44Decrypt(received.event.content, from: received.event.pubkey),
                let response = try? JSONDecoder().decode(RemoteSignerResponse.self, from: Data(text.utf8))
            else { continue }
            guard response.error?.isEmpty != false, response.result == link.secret else {
                impostor.note(received.event.pubkey.npub)
                continue
            }
            return received.event.pubkey
        }
        throw .closed
    }

    /// Who last answered a `nostrconnect://` link without its secret.
    private final class ImpostorAnswer: Sendable {
        private let last = Mutex<String?>(nil)

        var author: String? { last.withLock { $0 } }

        func note(_ npub: String) {
            last.withLock { $0 = npub }
        }
    }
}
