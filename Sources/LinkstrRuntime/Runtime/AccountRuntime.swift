import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// One account at work: the engine over its storage records, the relay client, and the signer. Every
/// command that reads or changes linkstr state goes through it; `linkstr watch` keeps one running.
///
/// Receive path: relay → verified wrap → unwrap (every NIP-59 check) → engine → one storage
/// transaction per batch. Send path: engine command → one gift wrap per recipient → every wrap
/// confirmed by a relay (12 s gate, 8 s per publish) → only then applied and stored; the other
/// relays' answers are recorded for `relay list` as they come.
///
/// Thread rule: an actor; the engine and the store are only touched on it. Unwrapping (CPU-bound,
/// or a remote signer's round trips) runs on the ``UnwrapPool``'s workers, outside the actor.
public actor AccountRuntime {
    public nonisolated let host: LinkstrHost
    /// The settings of linkstr's features (saved-link webhook, bunker, locking) in the configuration.
    public nonisolated let settings: RuntimeSettings
    public nonisolated let backend: StorageBackend
    public nonisolated let signer: any Signer
    public nonisolated let me: PublicKey
    public nonisolated let relays: RelaySettings
    /// The media use cases over the account's host (titles of links, the cache of deleted posts).
    public nonisolated let media: MediaRuntime
    let store: RecordEngineStore
    let engine: LinkstrEngine
    let cipher: RecordCipher
    var pool: RelayClient?
    /// Records the answers relays give after a publish returned, while the pool lives.
    var lateAnswers: Task<Void, Never>?
    /// The receive path: what is being unwrapped and ingested, and the counts of the running sync.
    let inbox = Inbox()
    /// How many wraps are unwrapped at once (``UnwrapPool/defaultWorkers(for:)`` unless given).
    public nonisolated let unwrapWorkers: Int
    /// The contact book, once read.
    var contactBookCache: ContactBook?
    /// Entries this runtime added to the bunker's log (its size is checked every 100th).
    var bunkerLogWrites = 0
    /// The current time in Unix seconds (tests may pin it).
    nonisolated let clock: @Sendable () -> Int64

    /// - Parameter secretKey: the unlocked account key; its data key seals the account's records.
    public init(
        host: LinkstrHost, settings: RuntimeSettings? = nil, backend: StorageBackend, secretKey: SecretKey, unwrapWorkers: Int? = nil,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) throws(LinkstrError) {
        try self.init(
            host: host, settings: settings, backend: backend, signer: LocalSigner(secretKey: secretKey), dataSecret: secretKey,
            unwrapWorkers: unwrapWorkers, clock: clock)
    }

    /// - Parameters:
    ///   - settings: the runtime's settings; by default read from the host's configuration.
    ///   - signer: the account's signer (the local key or a remote signer).
    ///   - dataSecret: the secret the data key that seals the account's records is derived from.
    ///   - unwrapWorkers: how many wraps to unwrap at once; by default one per core (a local key) or
    ///     ``UnwrapPool/remoteRequestsInFlight`` (a remote signer).
    public init(
        host: LinkstrHost, settings: RuntimeSettings? = nil, backend: StorageBackend, signer: any Signer, dataSecret: SecretKey,
        unwrapWorkers: Int? = nil, clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) throws(LinkstrError) {
        if let settings {
            self.settings = settings
        } else {
            do throws(ConfigurationError) {
                self.settings = try RuntimeSettings(host.configuration)
            } catch {
                throw LinkstrError(.badInput, error.description)
            }
        }
        do {
            cipher = try RecordCipher(ownerKey: AccountDataKey.derive(from: dataSecret))
        } catch {
            throw LinkstrError(.failed, "cannot set up encryption at rest: \(error)")
        }
        self.host = host
        self.backend = backend
        self.signer = signer
        self.unwrapWorkers = max(1, unwrapWorkers ?? UnwrapPool.defaultWorkers(for: signer))
        self.me = signer.publicKey
        self.clock = clock
        relays = RelaySettings(backend: backend, configured: host.configuration.relays)
        media = MediaRuntime(host: host)
        store = RecordEngineStore(backend: backend, owner: signer.publicKey, cipher: cipher, clock: clock)
        engine = LinkstrEngine(me: signer.publicKey, store: store)
    }

    /// Applies buffered writes, or throws the storage failure that stopped them (and drops the batch).
    func commit() throws(LinkstrError) {
        do {
            try store.flush()
        } catch {
            store.discardPending()
            throw LinkstrError(storage: error)
        }
        forgetCachedMedia(ofReleased: store.takeReleasedLinks())
    }

    /// Runs `body` (store reads and writes, engine steps) and commits what it buffered: one storage
    /// transaction, as a GRDB `DatabaseQueue.write` is. What throws is mapped as ``withStore(_:)``
    /// maps it, and a failure leaves nothing written. The feature types beside the actor
    /// (``Sessions``, ``Contacts``, ``SavedLinks``…) change the account's records through it.
    func transaction<Value>(_ body: () throws -> Value) throws(LinkstrError) -> Value {
        let value = try withStore(body)
        try commit()
        return value
    }

    /// Runs store calls, engine steps or engine commands, and maps what they throw: a refused
    /// command to its `LinkstrError`; a storage failure (which stops the step where it happened) to
    /// `LinkstrError(storage:)`, dropping the batch. A `LinkstrError` passes as it is.
    func withStore<Value>(_ body: () throws -> Value) throws(LinkstrError) -> Value {
        do {
            return try body()
        } catch let error as LinkstrError {
            throw error
        } catch let error as CommandError {
            throw LinkstrError(error)
        } catch {
            store.discardPending()
            // The store throws `PluginError`s only; anything else is reported as a storage failure too.
            throw LinkstrError(storage: error as? PluginError ?? PluginError(.io, "\(error)"))
        }
    }

    /// Stops the relay client (and the transport instance with it). A relay that has not answered a
    /// publish by now is recorded for `relay list` as not having answered: a command does not wait
    /// for the slower relays once each event has an OK, and its process ends before they answer.
    public func disconnect() async {
        guard let pool else { return }
        let now = clock()
        for relay in pool.stopReporting().sorted() {
            Outbox.recordAnswer(relay, accepted: false, error: Outbox.noAnswerYet, at: now, in: self)
        }
        try? pool.setRelays([])
        self.pool = nil
        // The updates ended: what the listener still holds came before.
        await lateAnswers?.value
        lateAnswers = nil
    }
}
