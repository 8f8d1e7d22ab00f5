import StrictJSON

extension UnsignedEvent {
    /// The UTF-8 bytes of `[0,<pubkey>,<created_at>,<kind>,<tags>,<content>]` exactly as
    /// NIP-01 ids are computed (compact, with the escaping described on `JSONWriter`).
    public func canonicalSerialization() -> [UInt8] {
        var writer = JSONWriter(capacity: 128 + content.utf8.count + tags.count * 72)
        writer.append("[0,")
        pubkey.bytes.withUnsafeBytes { writer.appendHexString($0) }
        writer.append(UInt8(ascii: ","))
        writer.appendInteger(createdAt)
        writer.append(UInt8(ascii: ","))
        writer.appendInteger(kind)
        writer.append(UInt8(ascii: ","))
        writer.appendTags(tags)
        writer.append(UInt8(ascii: ","))
        writer.appendString(content)
        writer.append(UInt8(ascii: "]"))
        return writer.bytes
    }
}
