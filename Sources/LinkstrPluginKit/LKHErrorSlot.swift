import PluginABI

/// Helpers for the caller-owned `lkh_error` slot of the ABI.
public enum LKHErrorSlot {
    /// A zeroed slot with its `struct_size` set, ready to pass to the other side.
    public static func make() -> lkh_error {
        var slot = lkh_error()
        slot.struct_size = UInt32(MemoryLayout<lkh_error>.size)
        return slot
    }

    /// Writes `code` and `message` (truncated on a UTF-8 boundary, always NUL-terminated) into `slot`.
    /// Does nothing when `slot` is nil or too small to hold a message.
    public static func write(_ slot: UnsafeMutablePointer<lkh_error>?, _ code: LKHStatus, _ message: String) {
        guard let slot else { return }
        let capacity = Int(LKH_ERROR_MESSAGE_CAPACITY)
        guard Int(slot.pointee.struct_size) >= MemoryLayout<lkh_error>.size else { return }
        slot.pointee.code = code.rawValue
        let utf8 = Array(message.utf8)
        var length = min(utf8.count, capacity - 1)
        // A cut in front of a continuation byte would split a character: back up to its start.
        while length > 0, length < utf8.count, utf8[length] & 0xC0 == 0x80 { length -= 1 }
        let bytes = utf8[..<length]
        withUnsafeMutableBytes(of: &slot.pointee.message) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    /// The message in `slot`, decoded as UTF-8 (invalid bytes replaced).
    public static func message(of slot: UnsafePointer<lkh_error>) -> String {
        withUnsafeBytes(of: slot.pointee.message) { raw in
            let end = raw.firstIndex(of: 0) ?? raw.count
            return String(decoding: raw[..<end], as: UTF8.self)
        }
    }
}
