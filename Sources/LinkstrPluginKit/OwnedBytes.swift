import Glibc
import PluginABI

/// Makes and consumes `lkh_owned_bytes`, the ABI's one ownership-transferring type.
public enum OwnedBytes {
    /// Copies `bytes` into a `malloc` block that the receiver frees through `release`.
    public static func make<Bytes: Collection>(_ bytes: Bytes) -> lkh_owned_bytes where Bytes.Element == UInt8 {
        guard !bytes.isEmpty, let block = malloc(bytes.count) else { return empty }
        let buffer = UnsafeMutableRawBufferPointer(start: block, count: bytes.count)
        buffer.copyBytes(from: bytes)
        return lkh_owned_bytes(
            data: UnsafePointer(block.assumingMemoryBound(to: UInt8.self)),
            len: bytes.count,
            release: { context in free(context) },
            release_ctx: block)
    }

    /// The UTF-8 bytes of `string`, owned by the receiver.
    public static func make(_ string: String) -> lkh_owned_bytes {
        make(Array(string.utf8))
    }

    /// No bytes and nothing to release.
    public static var empty: lkh_owned_bytes { lkh_owned_bytes(data: nil, len: 0, release: nil, release_ctx: nil) }

    /// Copies the bytes out and releases the block (exactly once, as the ABI requires).
    public static func take(_ owned: lkh_owned_bytes) -> [UInt8] {
        defer { owned.release?(owned.release_ctx) }
        guard let data = owned.data, owned.len > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: owned.len))
    }
}
