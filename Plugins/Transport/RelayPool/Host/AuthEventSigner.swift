import LinkstrPluginKit
import PluginABI
import StrictJSON

/// Makes the NIP-42 AUTH event (kind 22242 with the relay URL and the challenge) and has the host's
/// signer service (`LKH_SERVICE_SIGNER_V1`) sign it: the account's key never reaches the plugin.
///
/// Thread rule: use from any task; the signer's done callback may come on any thread.
struct AuthEventSigner {
    let bridge: HostBridge

    /// The signed event, checked to be a JSON object with an event id.
    func sign(relay: String, challenge: String) async throws(AuthenticationFailure) -> EventSummary {
        guard let signer = bridge.signer() else {
            throw AuthenticationFailure(reason: "the host offers no signer service (\(LKH_SERVICE_SIGNER_V1)); is an account loaded?")
        }
        let template = "{\"created_at\":\(bridge.unixTime),\"kind\":22242,\"tags\":[[\"relay\","
            + JSONWriter.quoted(relay) + "],[\"challenge\"," + JSONWriter.quoted(challenge) + "]],\"content\":\"\"}"
        let signed: [UInt8] = try await withCheckedContinuation { continuation in
            let pending = PendingSignature(continuation)
            let userData = Unmanaged.passRetained(pending).toOpaque()
            if let failure = bridge.startSigning(
                signer, unsignedEventJSON: Array(template.utf8), done: signatureDone, userData: userData)
            {
                Unmanaged<PendingSignature>.fromOpaque(userData).release()
                pending.resume(.failure(AuthenticationFailure(reason: "the signer refused: \(failure)")))
            }
        }.get()
        do {
            return try EventSummary(json: signed)
        } catch {
            throw AuthenticationFailure(reason: "the signer returned an unusable event: \(error.reason)")
        }
    }
}

/// The signer's `lkh_done_fn`: takes the result (releasing it) and resumes the waiting task.
private let signatureDone: lkh_done_fn = { userData, status, error, result in
    let bytes = OwnedBytes.take(result)
    guard let userData else { return }
    let pending = Unmanaged<PendingSignature>.fromOpaque(userData).takeRetainedValue()
    if status == LKH_OK {
        pending.resume(.success(bytes))
    } else {
        let failure = PluginError(status: status, error: error)
        pending.resume(.failure(AuthenticationFailure(reason: "the signer failed: \(failure)")))
    }
}
