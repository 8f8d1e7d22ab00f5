import Foundation
import Glibc
import LinkstrHost
import NostrCore

/// Answers the extension's NIP-07 requests with the signer of the profile active at that request,
/// after the site's permission for that profile is checked (the key's availability first, then the
/// site's permission): `{"id": …, "result": …}` or `{"id": …, "error": "<sentence>"}`.
public struct BrowserRequestHandler: Sendable {
    public let keys: BrowserKeyAccess
    public let permissions: BrowserPermissions

    public init(keys: BrowserKeyAccess, permissions: BrowserPermissions) {
        self.keys = keys
        self.permissions = permissions
    }

    /// The reply to one message, as JSON.
    public func reply(to message: Data) async -> Data {
        let (id, parsed) = BrowserRequest.parse(message)
        var reply: [String: Any] = ["id": id]
        do throws(BrowserRequestError) {
            let request = try parsed.get()
            // A key that cannot be used now (no account, locked) refuses before anyone is asked.
            let account = try await keys.current()
            try await permissions.check(request.permission(of: account))
            reply["result"] = try answer(request, account: account)
        } catch {
            reply["error"] = error.description
        }
        let data = (try? JSONSerialization.data(withJSONObject: reply, options: [.withoutEscapingSlashes])) ?? Data()
        guard data.count <= NativeMessageCodec.maximumLength else {
            let tooLong: [String: Any] = ["id": id, "error": "the answer is longer than the 1 MB a browser accepts from a native host"]
            return (try? JSONSerialization.data(withJSONObject: tooLong)) ?? Data()
        }
        return data
    }

    private func answer(_ request: BrowserRequest, account: BrowserAccount) throws(BrowserRequestError) -> Any {
        let signer = account.signer
        switch request.method {
        case .getPublicKey:
            return signer.publicKey.hex
        case .signEvent:
            return try sign(request.params["event"], signer: signer)
        case .nip44Encrypt:
            let peer = try Self.peer(request.params)
            guard let plaintext = request.params["plaintext"] as? String else { throw BrowserRequestError("nip44.encrypt needs a plaintext string") }
            return try Self.perform("encrypt") { try signer.nip44Encrypt(plaintext, to: peer) }
        case .nip44Decrypt:
            let peer = try Self.peer(request.params)
            guard let ciphertext = request.params["ciphertext"] as? String else { throw BrowserRequestError("nip44.decrypt needs a ciphertext string") }
            return try Self.perform("decrypt") { try signer.nip44Decrypt(ciphertext, from: peer) }
        case .getRelays:
            guard let enabled = try? account.relays?.enabled() else { return [String: Any]() }
            return Dictionary(enabled.map { ($0.url, ["read": true, "write": true]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private func sign(_ value: Any?, signer: any Signer) throws(BrowserRequestError) -> Any {
        guard let event = value as? [String: Any], let kind = event["kind"] as? Int, let content = event["content"] as? String else {
            throw BrowserRequestError("signEvent needs an event with a kind (a number) and content (a string)")
        }
        guard let tags = (event["tags"] ?? [[String]]()) as? [[String]] else { throw BrowserRequestError("the event's tags must be arrays of strings") }
        if let pubkey = event["pubkey"] as? String, pubkey != signer.publicKey.hex {
            throw BrowserRequestError("the event's pubkey \(pubkey) is not the account's key \(signer.publicKey.hex)")
        }
        let createdAt = (event["created_at"] as? Int).map(Int64.init) ?? Int64(time(nil))
        let unsigned = UnsignedEvent(pubkey: signer.publicKey, createdAt: createdAt, kind: kind, tags: tags, content: content)
        let signed = try Self.perform("sign") { try signer.sign(unsigned) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(signed.jsonBytes())) else {
            throw BrowserRequestError("the signed event could not be encoded")
        }
        return object
    }

    private static func peer(_ params: [String: Any]) throws(BrowserRequestError) -> PublicKey {
        guard let text = params["pubkey"] as? String, let key = try? PublicKey(hex: text) else {
            throw BrowserRequestError("the request needs the other side's public key as 64 hex characters (pubkey)")
        }
        return key
    }

    private static func perform<Value>(_ what: String, _ body: () throws -> Value) throws(BrowserRequestError) -> Value {
        do {
            return try body()
        } catch {
            throw BrowserRequestError("cannot \(what): \(error)")
        }
    }
}
