import StrictJSON

extension Filter {
    /// The filter as a compact JSON object, keys in the order
    /// `ids, authors, kinds, #e, #p, since, until, limit`.
    public func jsonString() -> String {
        var writer = JSONWriter(capacity: 128)
        write(to: &writer)
        return writer.string
    }

    func write(to writer: inout JSONWriter) {
        var first = true
        func key(_ name: StaticString) {
            writer.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            writer.append(UInt8(ascii: "\""))
            writer.append(name)
            writer.append("\":")
        }
        func hexList(_ values: [Bytes32]) {
            writer.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                value.withUnsafeBytes { writer.appendHexString($0) }
            }
            writer.append(UInt8(ascii: "]"))
        }
        if let ids { key("ids"); hexList(ids.map(\.bytes)) }
        if let authors { key("authors"); hexList(authors.map(\.bytes)) }
        if let kinds {
            key("kinds")
            writer.append(UInt8(ascii: "["))
            for (index, kind) in kinds.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                writer.appendInteger(kind)
            }
            writer.append(UInt8(ascii: "]"))
        }
        if let eventReferences { key("#e"); hexList(eventReferences.map(\.bytes)) }
        if let pubkeyReferences { key("#p"); hexList(pubkeyReferences.map(\.bytes)) }
        if let since { key("since"); writer.appendInteger(since) }
        if let until { key("until"); writer.appendInteger(until) }
        if let limit { key("limit"); writer.appendInteger(limit) }
        if first { writer.append(UInt8(ascii: "{")) }
        writer.append(UInt8(ascii: "}"))
    }
}
