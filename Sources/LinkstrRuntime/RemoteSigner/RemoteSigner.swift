import Dispatch
import NostrCore
import Synchronization

/// The ``Signer`` provider for an account whose key lives in a remote signer (NIP-46): signing
/// goes through `sign_event`, NIP-44 through `nip44_encrypt` and `nip44_decrypt`. The secret key
/// never reaches this machine.
///
/// ``Signer`` is synchronous, so each call waits for the signer's answer (at most the client's time
/// limit); the client's tasks run on their own executor, so waiting never starves them.
///
/// Thread rule: thread-safe; several calls may wait at once, each with its own request in flight.
public struct RemoteSigner: Signer {
    /// The user's key, as `get_public_key` answered it.
    public let publicKey: PublicKey
    public let client: RemoteSignerClient

    public init(publicKey: PublicKey, client: RemoteSignerClient) {
        self.publicKey = publicKey
        self.client = client
    }

    public func sign(_ unsigned: UnsignedEvent) throws -> Event {
        guard unsigned.pubkey == publicKey else { throw SignerError.publicKeyMismatch(signer: publicKey, event: unsigned.pubkey) }
        return try wait { [client] () async throws(RemoteSignerError) in try await client.sign(unsigned) }
    }

    public func nip44Encrypt(_ plaintext: String, to peer: PublicKey) throws -> String {
        try wait { [client] () async throws(RemoteSignerError) in try await client.nip44Encrypt(plaintext, to: peer) }
    }

    public func nip44Decrypt(_ payload: String, from peer: PublicKey) throws -> String {
        try wait { [client] () async throws(RemoteSignerError) in try await client.nip44Decrypt(payload, from: peer) }
    }

    /// Runs `request` on the client's executor and blocks this thread until it is done.
    private func wait<Value: Sendable>(_ request: @escaping @Sendable () async throws(RemoteSignerError) -> Value) throws(RemoteSignerError)
        -> Value
    {
        let outcome = Mutex<Result<Value, RemoteSignerError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: client.executor) {
            let result: Result<Value, RemoteSignerError>
            do throws(RemoteSignerError) {
                result = .success(try await request())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}

extension RemoteSigner: CustomStringConvertible {
    public var description: String { "RemoteSigner(publicKey: \(publicKey.hex), signer: \(client.signer.hex))" }
}
