import PluginABI

/// Reads `lkh_bytes`, the ABI's borrowed bytes (valid only during the call that receives them).
public enum BorrowedBytes {
    /// A copy of the bytes (empty when `data` is NULL).
    public static func copy(_ borrowed: lkh_bytes) -> [UInt8] {
        guard let data = borrowed.data, borrowed.len > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: borrowed.len))
    }
}
