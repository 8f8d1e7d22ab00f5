/// Exactly 32 bytes stored inline (no heap allocation), used for ids, keys and hashes.
///
/// A value type; safe to share between threads.
struct Bytes32: Hashable, Sendable {
    typealias Storage = (UInt64, UInt64, UInt64, UInt64)

    private var storage: Storage = (0, 0, 0, 0)

    static let count = 32

    /// All-zero bytes.
    init() {}

    /// Copies `bytes`, which must hold exactly 32 bytes.
    init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count == Self.count else { return nil }
        Swift.withUnsafeMutableBytes(of: &storage) { destination in
            _ = destination.initializeMemory(as: UInt8.self, from: bytes)
        }
    }

    /// Fills the 32 bytes by calling `body` with a writable buffer.
    init(filling body: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        try Swift.withUnsafeMutableBytes(of: &storage, body)
    }

    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = Swift.withUnsafeBytes(of: storage) { buffer in
            do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    mutating func withUnsafeMutableBytes<R, E: Error>(_ body: (UnsafeMutableRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = Swift.withUnsafeMutableBytes(of: &storage) { buffer in
            do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    var array: [UInt8] { withUnsafeBytes { Array($0) } }

    /// 64 lowercase hex characters.
    var hex: String { withUnsafeBytes { Hex.encode($0) } }

    /// Parses exactly 64 lowercase hex characters.
    init?(hex: String) {
        var result = Bytes32()
        let ok = Swift.withUnsafeMutableBytes(of: &result.storage) { destination in
            Hex.decodeLowercase(hex, into: destination)
        }
        guard ok else { return nil }
        self = result
    }

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
