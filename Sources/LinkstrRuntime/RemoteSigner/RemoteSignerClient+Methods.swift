import Foundation
import NostrCore

/// The NIP-46 methods linkstr uses, with their answers checked.
extension RemoteSignerClient {
    /// `connect`: introduces the session key to the signer, with the link's secret if it has one and
    /// the permissions linkstr needs. The signer answers `ack` or the secret itself.
    public func connect(secret: String?) async throws(RemoteSignerError) {
        let answer = try await request("connect", [signer.hex, secret ?? "", NostrConnectLink.defaultPermissions])
        guard answer == "ack" || (secret != nil && answer == secret) else {
            throw .unexpectedAnswer(method: "connect", answer: answer)
        }
    }

    /// `get_public_key`: the user's key, which signs and decrypts (not the signer's own key).
    public func publicKey() async throws(RemoteSignerError) -> PublicKey {
        let answer = try await request("get_public_key")
        guard let key = try? PublicKey(hex: answer) else { throw .unexpectedAnswer(method: "get_public_key", answer: answer) }
        return key
    }

    /// The kind of the challenge ``prove(_:now:)`` has signed: an ephemeral kind beside NIP-46's own
    /// that means nothing to anyone (the event is never published).
    public static let challengeKind = 24_134

    /// Proves that the signer holds the key of `user` (what it answered to `get_public_key`): it
    /// signs a fresh challenge, and the signature is checked against `user`.
    /// - Throws: ``RemoteSignerError/unexpectedAnswer(method:answer:)`` when the event is not signed
    ///   by `user`, ``RemoteSignerError/refused(method:message:)`` when the signer refuses.
    public func prove(_ user: PublicKey, now: Int64) async throws(RemoteSignerError) {
        let nonce = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
        let challenge = UnsignedEvent(
            pubkey: user, createdAt: now, kind: Self.challengeKind, tags: [["challenge", nonce]],
            content: "linkstr checks that this signer holds the key of \(user.npub); this event is never published")
        _ = try await sign(challenge)
    }

    /// `sign_event`: the signed event, checked (id, signature, and that it is the event asked for).
    public func sign(_ unsigned: UnsignedEvent) async throws(RemoteSignerError) -> Event {
        let template = SignEventTemplate(unsigned)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let json = String(decoding: (try? encoder.encode(template)) ?? Data(), as: UTF8.self)
        let answer = try await request("sign_event", [json])
        guard let event = try? Event(json: answer), event.isValid, event.unsigned == unsigned else {
            throw .unexpectedAnswer(method: "sign_event", answer: answer)
        }
        return event
    }

    /// `nip44_encrypt` of `plaintext` to `peer` with the user's key.
    public func nip44Encrypt(_ plaintext: String, to peer: PublicKey) async throws(RemoteSignerError) -> String {
        try await nip44Request("nip44_encrypt", [peer.hex, plaintext])
    }

    /// `nip44_decrypt` of `payload` from `peer` with the user's key.
    public func nip44Decrypt(_ payload: String, from peer: PublicKey) async throws(RemoteSignerError) -> String {
        try await nip44Request("nip44_decrypt", [peer.hex, payload])
    }

    /// A NIP-44 request. A signer that does not know the method fails with ``RemoteSignerError/lacksNIP44(method:message:)``:
    /// linkstr's wraps and seals are NIP-44 by the wire format, so there is no NIP-04 to fall back to.
    private func nip44Request(_ method: String, _ params: [String]) async throws(RemoteSignerError) -> String {
        do throws(RemoteSignerError) {
            return try await request(method, params)
        } catch .refused(let method, let message) where Self.meansUnsupported(message) {
            throw .lacksNIP44(method: method, message: message)
        }
    }

    /// Whether a signer's error says it does not implement the method (as opposed to failing it).
    private static func meansUnsupported(_ message: String) -> Bool {
        let text = message.lowercased()
        return ["not supported", "unsupported", "not implemented", "unknown method", "no such method", "method not found"]
            .contains { text.contains($0) }
    }

    /// `ping`: the signer answers `pong`.
    public func ping() async throws(RemoteSignerError) {
        let answer = try await request("ping")
        guard answer == "pong" else { throw .unexpectedAnswer(method: "ping", answer: answer) }
    }
}
