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
        let answer = Answer<Value>()
        Task(executorPreference: client.executor) {
            do throws(RemoteSignerError) {
                answer.finish(.success(try await request()))
            } catch {
                answer.finish(.failure(error))
            }
        }
        return try answer.wait().get()
    }

    /// One answer, handed from the client's executor to the blocked caller.
    private final class Answer<Value: Sendable>: Sendable {
        private let outcome = Mutex<Result<Value, RemoteSignerError>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ result: Result<Value, RemoteSignerError>) {
            outcome.withLock { $0 = result }
            done.signal()
        }

        func wait() -> Result<Value, RemoteSignerError> {
            done.wait()
            return outcome.withLock { $0! }
        }
    }
}

extension RemoteSigner: CustomStringConvertible {
    public var description: String { "RemoteSigner(publicKey: \(publicKey.hex), signer: \(client.signer.hex))" }
}
