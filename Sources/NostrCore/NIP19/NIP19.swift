/// NIP-19 bech32 entities: `npub`, `nsec`, `note` (32 raw bytes) and the TLV-based
/// `nprofile`, `nevent`, `naddr`. Thread-safe (pure functions).
public enum NIP19 {
    /// Decodes any supported NIP-19 string (lowercase, or all uppercase per BIP-173).
    public static func decode(_ string: String) throws(NIP19Error) -> NIP19Entity {
        let decoded: (hrp: String, data: [UInt8])
        do throws(Bech32Error) {
            decoded = try Bech32.decode(string)
        } catch {
            throw .bech32(error)
        }
        var data = decoded.data
        defer { data.withUnsafeMutableBytes { ConstantTime.wipe($0) } }  // may hold an nsec
        switch decoded.hrp {
        case "npub":
            try requireLength(32, data, "npub")
            do throws(KeyError) { return .npub(try PublicKey(bytes: data)) } catch { throw .invalidKey(prefix: "npub", error) }
        case "nsec":
            try requireLength(32, data, "nsec")
            do throws(KeyError) { return .nsec(try SecretKey(bytes: data)) } catch { throw .invalidKey(prefix: "nsec", error) }
        case "note":
            try requireLength(32, data, "note")
            return .note(EventID(bytes: Bytes32(data)!))
        case "nprofile":
            return .nprofile(try NProfile(tlvs: NIP19TLV.decodeList(data)))
        case "nevent":
            return .nevent(try NEvent(tlvs: NIP19TLV.decodeList(data)))
        case "naddr":
            return .naddr(try NAddr(tlvs: NIP19TLV.decodeList(data)))
        default:
            throw .unknownPrefix(decoded.hrp)
        }
    }

    private static func requireLength(_ expected: Int, _ data: [UInt8], _ prefix: String) throws(NIP19Error) {
        guard data.count == expected else { throw .invalidLength(prefix: prefix, expected: expected, actual: data.count) }
    }

    /// Relay TLVs (type 1) that are valid UTF-8, in order, as written.
    static func relays(in tlvs: [NIP19TLV]) -> [String] {
        tlvs.compactMap { $0.type == NIP19TLV.relay ? String(validating: $0.value, as: UTF8.self) : nil }
    }

    /// The first author TLV (type 2) that is a valid 32-byte public key; others are ignored.
    static func author(in tlvs: [NIP19TLV]) -> PublicKey? {
        for item in tlvs where item.type == NIP19TLV.author {
            if let key = try? PublicKey(bytes: item.value) { return key }
        }
        return nil
    }

    /// The first 4-byte kind TLV (type 3), big-endian.
    static func kind(in tlvs: [NIP19TLV]) -> UInt32? {
        guard let item = tlvs.first(where: { $0.type == NIP19TLV.kind && $0.value.count == 4 }) else { return nil }
        return item.value.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

extension NIP19 {
    /// The lowercase text before the last `1`, for error messages.
    static func prefix(of string: String) -> String {
        guard let separator = string.lastIndex(of: "1") else { return string.lowercased() }
        return string[..<separator].lowercased()
    }
}
