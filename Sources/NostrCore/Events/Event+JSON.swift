import StrictJSON

extension Event {
    /// The event as a compact JSON object in the usual key order
    /// (`id, pubkey, created_at, kind, tags, content, sig`); `sig` is left out for rumors.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 320 + content.utf8.count + tags.count * 72)
        write(to: &writer)
        return writer.bytes
    }

    /// ``jsonBytes()`` as a String.
    public func jsonString() -> String { String(decoding: jsonBytes(), as: UTF8.self) }

    func write(to writer: inout JSONWriter) {
        writer.append("{\"id\":")
        id.bytes.withUnsafeBytes { writer.appendHexString($0) }
        writer.append(",\"pubkey\":")
        pubkey.bytes.withUnsafeBytes { writer.appendHexString($0) }
        writer.append(",\"created_at\":")
        writer.appendInteger(createdAt)
        writer.append(",\"kind\":")
        writer.appendInteger(kind)
        writer.append(",\"tags\":")
        writer.appendTags(tags)
        writer.append(",\"content\":")
        writer.appendString(content)
        if let sig {
            writer.append(",\"sig\":")
            sig.bytes.withUnsafeBytes { writer.appendHexString($0) }
        }
        writer.append(UInt8(ascii: "}"))
    }
}
