import Foundation
import NostrCore

/// What a bunker does with the user's key for an approved client: signs an event template
/// (`sign_event`), or encrypts and decrypts for a third party (NIP-44, NIP-04), each only within
/// what the client may do. A use carried out comes with its entry for the bunker's log; a refusal
/// says why and is not logged.
struct BunkerKeyUse: Sendable {
    /// The answer to the client, and the log entry when the key was used.
    typealias Use = (response: RemoteSignerResponse, entry: BunkerLogEntry?)

    let user: LocalSigner
    let clock: @Sendable () -> Int64

    /// Signs the event template of a `sign_event` request, if the client may sign its kind.
    func signEvent(_ request: RemoteSignerRequest, for client: BunkerClient) -> Use {
        guard let text = request.params.first, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let kind = object["kind"] as? Int, let content = object["content"] as? String
        else { return refusal(request, "sign_event needs an event template with kind, content, tags and created_at") }
        guard (0...65535).contains(kind) else { return refusal(request, "kind \(kind) is out of range (0–65535)") }
        let tags: [[String]]
        switch object["tags"] {
        case nil: tags = []
        case let list as [[String]]: tags = list
        default: return refusal(request, "the template's tags must be a list of lists of strings; nothing was signed")
        }
        if let createdAt = object["created_at"], !(createdAt is Int) {
            return refusal(request, "the template's created_at must be a whole number of seconds")
        }
        guard client.permissions.allow(method: "sign_event", kind: kind) else {
            let named = BunkerPermission.namedKinds.contains(kind) ? "; kind \(kind) is granted only when named (sign_event:\(kind))" : ""
            return refusal(request, "this client may not sign events of kind \(kind) (it may: \(client.permissions.summary))" + named)
        }
        let createdAt = (object["created_at"] as? Int).map(Int64.init) ?? clock()
        let event: Event
        do {
            event = try user.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: createdAt, kind: kind, tags: tags, content: content))
        } catch {
            return refusal(request, "cannot sign: \(error)")
        }
        return (.result(request, event.jsonString()), BunkerLogEntry(client: client.pubkey, method: request.method, kind: kind, eventID: event.id, time: clock()))
    }

    /// Encrypts or decrypts for a third party (`nip44_*`, `nip04_*`), if the client may.
    func crypt(_ request: RemoteSignerRequest, for client: BunkerClient) -> Use {
        guard client.permissions.allow(method: request.method, kind: nil) else {
            return refusal(request, "this client may not use \(request.method) (it may: \(client.permissions.summary))")
        }
        guard request.params.count == 2, let peer = try? PublicKey(hex: request.params[0].lowercased()) else {
            return refusal(request, "\(request.method) needs a third party's public key (hex) and a text")
        }
        let text = request.params[1]
        let secretKey = user.keypair.secretKey
        let output: String
        do {
            switch request.method {
            case "nip44_encrypt": output = try user.nip44Encrypt(text, to: peer)
            case "nip44_decrypt": output = try user.nip44Decrypt(text, from: peer)
            case "nip04_encrypt": output = try NIP04.encrypt(text, secretKey: secretKey, peer: peer)
            default: output = try NIP04.decrypt(text, secretKey: secretKey, peer: peer)
            }
        } catch {
            return refusal(request, "\(request.method) failed: \(error)")
        }
        return (.result(request, output), BunkerLogEntry(client: client.pubkey, method: request.method, time: clock()))
    }

    private func refusal(_ request: RemoteSignerRequest, _ reason: String) -> Use {
        (.refusal(request, reason), nil)
    }
}
