/// Exactly 32 bytes stored inline, used for ids, keys and hashes. Equality and hashing compare the
/// four words directly: ids are hashed and compared on every dedupe lookup.
///
/// A value type; safe to share between threads.
struct Bytes32: InlineBytes {
    var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static let count = 32

    init() {}

    static func == (lhs: Bytes32, rhs: Bytes32) -> Bool {
        lhs.storage.0 == rhs.storage.0 && lhs.storage.1 == rhs.storage.1
            && lhs.storage.2 == rhs.storage.2 && lhs.storage.3 == rhs.storage.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(storage.0)
        hasher.combine(storage.1)
        hasher.combine(storage.2)
        hasher.combine(storage.3)
    }
}
