/// A fixed number of bytes stored inline in a tuple of `UInt64`s (no heap allocation): the shared
/// implementation of ``Bytes32`` and ``Bytes64``. A conforming type names its `Storage` tuple and
/// its `count`; everything else comes from here.
protocol InlineBytes: Hashable, Sendable {
    associatedtype Storage
    static var count: Int { get }
    var storage: Storage { get set }
    /// All-zero bytes.
    init()
}

extension InlineBytes {
    /// Copies `bytes`, which must hold exactly `count` bytes.
    init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count == Self.count else { return nil }
        self.init()
        Swift.withUnsafeMutableBytes(of: &storage) { destination in
            // Arrays and slices (every caller) in one copy; the element-by-element copy through
            // the generic collection cost about 19 000 instructions for 32 bytes.
            let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(source))
            }
            if copied == nil { _ = destination.initializeMemory(as: UInt8.self, from: bytes) }
        }
    }

    /// Fills the bytes by calling `body` with a writable buffer.
    init(filling body: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        self.init()
        try Swift.withUnsafeMutableBytes(of: &storage, body)
    }

    /// Parses exactly `2 × count` lowercase hex characters.
    init?(hex: String) {
        self.init()
        let ok = Swift.withUnsafeMutableBytes(of: &storage) { destination in
            Hex.decodeLowercase(hex, into: destination)
        }
        guard ok else { return nil }
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

    /// `2 × count` lowercase hex characters.
    var hex: String { withUnsafeBytes { Hex.encode($0) } }
}
