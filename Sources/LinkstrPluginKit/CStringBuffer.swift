/// The two-call pattern of the ABI (`config_get`, `describe`): the callee writes up to `capacity`
/// bytes including a NUL and returns the length the whole value needs including its NUL.
public enum CStringBuffer {
    /// Writes `value` into `buffer` (truncated when `capacity` is too small) and returns
    /// `value.utf8.count + 1`.
    public static func write(_ value: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int {
        let utf8 = Array(value.utf8)
        if let buffer, capacity > 0 {
            let copied = min(utf8.count, capacity - 1)
            for index in 0..<copied { buffer[index] = CChar(bitPattern: utf8[index]) }
            buffer[copied] = 0
        }
        return utf8.count + 1
    }

    /// Calls `fill` once to learn the needed length, then again with a buffer of that size.
    /// Returns nil when `fill` reports 0 (absent).
    public static func read(_ fill: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> String? {
        let needed = fill(nil, 0)
        guard needed > 0 else { return nil }
        var storage = [CChar](repeating: 0, count: needed)
        let written = storage.withUnsafeMutableBufferPointer { fill($0.baseAddress, needed) }
        guard written > 0 else { return nil }
        return String(decoding: storage.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
