/// Exactly 64 bytes stored inline, used for signatures.
///
/// A value type; safe to share between threads.
struct Bytes64: InlineBytes {
    var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    static let count = 64

    init() {}

    static func == (lhs: Bytes64, rhs: Bytes64) -> Bool {
        lhs.withUnsafeBytes { l in rhs.withUnsafeBytes { r in l.elementsEqual(r) } }
    }

    func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
