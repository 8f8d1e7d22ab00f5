/// Standard base64 (RFC 4648 §4, with `=` padding), strict: decoding refuses any character
/// outside the alphabet (including whitespace and non-ASCII), missing or misplaced padding,
/// and non-zero bits in the final partial group. Thread-safe (pure functions).
enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        let outputLength = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: outputLength) { output in
            alphabet.withUnsafeBufferPointer { table in
                var out = 0
                var index = 0
                while index + 3 <= bytes.count {
                    let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    output[out] = table[Int(value >> 18 & 63)]
                    output[out + 1] = table[Int(value >> 12 & 63)]
                    output[out + 2] = table[Int(value >> 6 & 63)]
                    output[out + 3] = table[Int(value & 63)]
                    out += 4
                    index += 3
                }
                let remaining = bytes.count - index
                if remaining > 0 {
                    let value = UInt32(bytes[index]) << 16 | (remaining == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                    output[out] = table[Int(value >> 18 & 63)]
                    output[out + 1] = table[Int(value >> 12 & 63)]
                    output[out + 2] = remaining == 2 ? table[Int(value >> 6 & 63)] : UInt8(ascii: "=")
                    output[out + 3] = UInt8(ascii: "=")
                    out += 4
                }
                return out
            }
        }
    }

    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        guard text.count > 0 else { return [] }
        var padding = 0
        if text[text.count - 1] == UInt8(ascii: "=") { padding += 1 }
        if text[text.count - 2] == UInt8(ascii: "=") { padding += 1 }
        var output = [UInt8]()
        output.reserveCapacity(text.count / 4 * 3 - padding)
        let valid = reverse.withUnsafeBufferPointer { table -> Bool in
            let fullGroups = text.count / 4 - (padding > 0 ? 1 : 0)
            var index = 0
            for _ in 0..<fullGroups {
                let a = table[Int(text[index])], b = table[Int(text[index + 1])]
                let c = table[Int(text[index + 2])], d = table[Int(text[index + 3])]
                guard (a | b | c | d) & 0xC0 == 0 else { return false }
                let value = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                output.append(UInt8(value >> 16 & 0xFF))
                output.append(UInt8(value >> 8 & 0xFF))
                output.append(UInt8(value & 0xFF))
                index += 4
            }
            guard padding > 0 else { return true }
            let a = table[Int(text[index])], b = table[Int(text[index + 1])]
            guard (a | b) & 0xC0 == 0 else { return false }
            if padding == 2 {
                guard b & 0x0F == 0 else { return false }  // canonical: unused bits are zero
                output.append(a << 2 | b >> 4)
            } else {
                let c = table[Int(text[index + 2])]
                guard c & 0xC0 == 0, c & 0x03 == 0 else { return false }
                output.append(a << 2 | b >> 4)
                output.append((b & 0x0F) << 4 | c >> 2)
            }
            return true
        }
        return valid ? output : nil
    }
}
