import StrictJSON

extension JSONValue {
    /// Compact JSON text of this value: members in their order, numbers exactly as they were read,
    /// strings escaped as NIP-01 escapes them (`JSONWriter`). Parsing the text gives the same value.
    public func jsonText() -> String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.string
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                writer.appendString(member.key)
                writer.append(UInt8(ascii: ":"))
                member.value.write(to: &writer)
            }
            writer.append(UInt8(ascii: "}"))
        case .array(let values):
            writer.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                value.write(to: &writer)
            }
            writer.append(UInt8(ascii: "]"))
        case .string(let text): writer.appendString(text)
        case .number(let text): writer.appendRaw(text)
        case .bool(let value): writer.append(value ? "true" : "false")
        case .null: writer.append("null")
        }
    }
}
