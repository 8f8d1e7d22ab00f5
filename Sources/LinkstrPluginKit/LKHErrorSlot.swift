import PluginABI

/// Helpers for the caller-owned `lkh_error` slot of the ABI.
public enum LKHErrorSlot {
    /// A zeroed slot with its `struct_size` set, ready to pass to the other side.
    public static func make() -> lkh_error {
        var slot = lkh_error()
        slot.struct_size = UInt32(MemoryLayout<lkh_error>.size)
        return slot
    }

    /// Writes `code` and `message` (always NUL-terminated) into `slot`. A message longer than the
    /// slot keeps its beginning and its end with `…` between them, cut on UTF-8 boundaries: the end of
    /// a message usually says what to do, so it must survive.
    /// Does nothing when `slot` is nil or too small to hold a message.
    public static func write(_ slot: UnsafeMutablePointer<lkh_error>?, _ code: LKHStatus, _ message: String) {
        guard let slot else { return }
        guard Int(slot.pointee.struct_size) >= MemoryLayout<lkh_error>.size else { return }
        slot.pointee.code = code.rawValue
        let bytes = fitted(Array(message.utf8), capacity: Int(LKH_ERROR_MESSAGE_CAPACITY) - 1)
        withUnsafeMutableBytes(of: &slot.pointee.message) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    /// `utf8` itself when it fits in `capacity` bytes, else its head, `…` and its last third.
    static func fitted(_ utf8: [UInt8], capacity: Int) -> [UInt8] {
        guard utf8.count > capacity else { return utf8 }
        let ellipsis = Array("…".utf8)
        var tailStart = utf8.count - (capacity - ellipsis.count) / 3
        // Neither cut may split a character: move off continuation bytes.
        while tailStart < utf8.count, utf8[tailStart] & 0xC0 == 0x80 { tailStart += 1 }
        var headLength = capacity - ellipsis.count - (utf8.count - tailStart)
        while headLength > 0, utf8[headLength] & 0xC0 == 0x80 { headLength -= 1 }
        return Array(utf8[..<headLength]) + ellipsis + Array(utf8[tailStart...])
    }

    /// Runs `body` for a vtable function: OK, or the error's status with its message in `slot`.
    public static func report(_ slot: UnsafeMutablePointer<lkh_error>?, _ body: () throws(PluginError) -> Void) -> lkh_status {
        do {
            try body()
            return LKH_OK
        } catch {
            write(slot, error.status, error.message)
            return error.status.rawValue
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
