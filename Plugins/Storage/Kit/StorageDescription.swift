/// The JSON object a storage plugin's `describe` writes: `{"backend","location","schema_version",…}`.
/// A value type: thread-safe.
public struct StorageDescription: Sendable {
    public var backend: String
    public var location: String
    public var schemaVersion: Int?
    public var sizeBytes: UInt64?
    public var isOpen: Bool
    /// False for a store whose records live and die with its instance (`"persistent":false`).
    public var isPersistent: Bool

    public init(backend: String, location: String, schemaVersion: Int?, sizeBytes: UInt64? = nil, isOpen: Bool, isPersistent: Bool = true) {
        self.backend = backend
        self.location = location
        self.schemaVersion = schemaVersion
        self.sizeBytes = sizeBytes
        self.isOpen = isOpen
        self.isPersistent = isPersistent
    }

    public var json: String {
        var fields = [
            "\"backend\":\(Self.quoted(backend))", "\"location\":\(Self.quoted(location))",
            "\"schema_version\":\(schemaVersion.map(String.init) ?? "null")", "\"open\":\(isOpen)",
        ]
        if let sizeBytes { fields.append("\"size_bytes\":\(sizeBytes)") }
        if !isPersistent { fields.append("\"persistent\":false") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
