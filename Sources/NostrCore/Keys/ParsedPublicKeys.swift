import CSecp256k1
import Synchronization

/// The curve points of the public keys parsed most recently. Parsing one costs a square root (about
/// 48 000 instructions, more than the rest of decoding a stored post); the same few keys — a
/// session's members, the senders of a sync — come back in every stored post and reaction, so a
/// key seen lately is not parsed again. Bounded: emptied when it holds `capacity` keys.
///
/// Thread-safe: one `Mutex` guards the table; the parsing runs outside the lock.
final class ParsedPublicKeys: Sendable {
    static let shared = ParsedPublicKeys(capacity: 256)

    let capacity: Int
    private let points = Mutex<[Bytes32: secp256k1_pubkey]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The point of `bytes`: known, or parsed by `parse` (nil when `bytes` is no valid key, which is
    /// not kept).
    func point(of bytes: Bytes32, parse: (Bytes32) -> secp256k1_pubkey?) -> secp256k1_pubkey? {
        if let known = points.withLock({ $0[bytes] }) { return known }
        guard let parsed = parse(bytes) else { return nil }
        points.withLock { points in
            if points.count >= capacity { points.removeAll(keepingCapacity: true) }
            points[bytes] = parsed
        }
        return parsed
    }
}
