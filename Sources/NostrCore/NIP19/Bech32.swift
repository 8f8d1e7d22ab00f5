/// Bech32 (BIP-173) encoding of byte strings, as NIP-19 and NIP-49 use it — not bech32m.
///
/// Decoding accepts all-lowercase or all-uppercase strings, refuses mixed case, bech32m
/// checksums and strings longer than 5000 characters (NIP-19's limit, which replaces
/// BIP-173's 90). Encoding always emits lowercase. Thread-safe (pure functions).
public enum Bech32 {
    /// NIP-19: bech32 strings SHOULD be limited to 5000 characters.
    public static let maximumLength = 5000

    private static let alphabet: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let bech32Constant: UInt32 = 1
    private static let bech32mConstant: UInt32 = 0x2BC8_30A3

    private static let reverseAlphabet: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = Int8(value) }
        return table
    }()

    /// Encodes `data` (8-bit bytes) under the human-readable prefix `hrp`.
    public static func encode(hrp: String, data: some Collection<UInt8>) -> String {
        let prefix = Array(hrp.lowercased().utf8)
        let values = convertBits(Array(data), from: 8, to: 5, pad: true) ?? []
        let checksum = createChecksum(hrp: prefix, values: values)
        var output = prefix
        output.reserveCapacity(prefix.count + 1 + values.count + 6)
        output.append(UInt8(ascii: "1"))
        for value in values + checksum { output.append(alphabet[Int(value)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes a bech32 string into its lowercase prefix and 8-bit data.
    public static func decode(_ string: String) throws(Bech32Error) -> (hrp: String, data: [UInt8]) {
        let bytes = Array(string.utf8)
        guard bytes.count <= maximumLength else { throw .tooLong(length: bytes.count) }
        var hasLower = false
        var hasUpper = false
        for (position, byte) in bytes.enumerated() {
            guard (33...126).contains(byte) else { throw .invalidCharacter(position: position) }
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { hasLower = true }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        let lower = bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        guard let separator = lower.lastIndex(of: UInt8(ascii: "1")) else { throw .malformed("no '1' separator") }
        guard separator > 0 else { throw .malformed("empty prefix") }
        guard lower.count - separator - 1 >= 6 else { throw .malformed("checksum too short") }
        let hrp = Array(lower[..<separator])
        var values: [UInt8] = []
        values.reserveCapacity(lower.count - separator - 1)
        for position in (separator + 1)..<lower.count {
            let character = lower[position]
            let value = character < 128 ? reverseAlphabet[Int(character)] : -1
            guard value >= 0 else { throw .invalidCharacter(position: position) }
            values.append(UInt8(value))
        }
        switch polymod(expand(hrp) + values) {
        case bech32Constant: break
        case bech32mConstant: throw .bech32mChecksum
        default: throw .invalidChecksum
        }
        guard let data = convertBits(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else { throw .invalidPadding }
        return (String(decoding: hrp, as: UTF8.self), data)
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3B6A_57B2, 0x2650_8E6D, 0x1EA1_19FA, 0x3D42_33DD, 0x2A14_62B3]
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1FF_FFFF) << 5 ^ UInt32(value)
            for index in 0..<5 where (top >> index) & 1 == 1 { checksum ^= generator[index] }
        }
        return checksum
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    private static func createChecksum(hrp: [UInt8], values: [UInt8]) -> [UInt8] {
        let mod = polymod(expand(hrp) + values + [0, 0, 0, 0, 0, 0]) ^ bech32Constant
        return (0..<6).map { UInt8((mod >> (5 * (5 - UInt32($0)))) & 31) }
    }

    /// Regroups bits; nil if `pad` is false and the leftover bits are not zero padding.
    private static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        let maximum = (1 << to) - 1
        var result: [UInt8] = []
        result.reserveCapacity(data.count * from / to + 1)
        for value in data {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                result.append(UInt8((accumulator >> bits) & maximum))
            }
            accumulator &= (1 << bits) - 1
        }
        if pad {
            if bits > 0 { result.append(UInt8((accumulator << (to - bits)) & maximum)) }
        } else if bits >= from || (accumulator << (to - bits)) & maximum != 0 {
            return nil
        }
        return result
    }
}
