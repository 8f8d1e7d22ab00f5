/// Lowercase hexadecimal encoding and strict decoding (NIP-01 requires lowercase hex).
enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Encodes `bytes` as lowercase hex.
    static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { output in
            digits.withUnsafeBufferPointer { table in
                var index = 0
                for byte in bytes {
                    output[index] = table[Int(byte >> 4)]
                    output[index + 1] = table[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// The value of one lowercase hex digit, or nil (upper-case digits are rejected).
    @inline(__always)
    static func lowercaseNibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character &- UInt8(ascii: "a") &+ 10
        default: return nil
        }
    }

    /// Decodes lowercase hex from `utf8` into `output`; `utf8` must be exactly twice as long.
    static func decodeLowercase(_ utf8: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableRawBufferPointer) -> Bool {
        guard utf8.count == output.count * 2 else { return false }
        var index = 0
        while index < output.count {
            guard let high = lowercaseNibble(utf8[2 * index]),
                  let low = lowercaseNibble(utf8[2 * index + 1]) else { return false }
            output[index] = high << 4 | low
            index += 1
        }
        return true
    }

    /// Decodes the lowercase hex string `string` into `output`; it must be exactly twice as long.
    static func decodeLowercase(_ string: String, into output: UnsafeMutableRawBufferPointer) -> Bool {
        if let result = string.utf8.withContiguousStorageIfAvailable({ decodeLowercase($0, into: output) }) {
            return result
        }
        return Array(string.utf8).withUnsafeBufferPointer { decodeLowercase($0, into: output) }
    }
}
