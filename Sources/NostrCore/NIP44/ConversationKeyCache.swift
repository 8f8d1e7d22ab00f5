import Synchronization

/// A bounded cache of NIP-44 conversation keys keyed by (our public key, peer public key),
/// so that repeated traffic with the same peer — every seal from the same sender, every
/// message to the same member — skips the ECDH (the most expensive step of NIP-44).
///
/// Our x-only public key identifies our secret key for this purpose: the only other secret
/// key with the same x-only public key is its negation, which yields the same conversation
/// key. When full, the least recently used entry is evicted.
///
/// Thread-safe: one `Mutex` guards the table; the ECDH runs outside the lock.
public final class ConversationKeyCache: Sendable {
    private struct Pair: Hashable {
        let own: Bytes32
        let peer: Bytes32
    }

    private struct Entry {
        let key: ConversationKey
        /// The peer's validated key, so that a known peer's key need not be validated again.
        let peer: PublicKey
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Pair: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// The most entries kept.
    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int = 1024) {
        precondition(capacity > 0, "a ConversationKeyCache needs room for at least one key")
        self.capacity = capacity
    }

    /// The conversation key between `keypair` and `peer`, computed on a miss.
    public func conversationKey(for keypair: Keypair, peer: PublicKey) throws(CryptoError) -> ConversationKey {
        let pair = Pair(own: keypair.publicKey.bytes, peer: peer.bytes)
        let cached = state.withLock { state -> ConversationKey? in
            guard var entry = state.entries[pair] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[pair] = entry
            return entry.key
        }
        if let cached { return cached }

        let key = try ConversationKey(secretKey: keypair.secretKey, peer: peer)
        state.withLock { state in
            if state.entries[pair] == nil, state.entries.count >= capacity,
               let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.entries.removeValue(forKey: oldest)
            }
            state.clock += 1
            state.entries[pair] = Entry(key: key, peer: peer, lastUse: state.clock)
        }
        return key
    }

    /// The validated key of a peer (x coordinate `bytes`) whose conversation key with `own` is
    /// cached, or nil. Lets a known sender's key skip the curve check (a square root) when its
    /// next seal is parsed.
    func knownPeer(_ bytes: Bytes32, own: PublicKey) -> PublicKey? {
        let pair = Pair(own: own.bytes, peer: bytes)
        return state.withLock { $0.entries[pair]?.peer }
    }

    /// How many keys are cached.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Forgets every cached key (for example after the account key changes).
    public func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }
}
