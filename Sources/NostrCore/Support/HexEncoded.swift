/// A value written as lowercase hex (event ids, public keys, signatures): described and coded as
/// that string, so JSON carries `"3bf0…"` and `print` shows the same.
public protocol HexEncoded: Codable, CustomStringConvertible {
    /// Parses the hex form, refusing anything else with the reason.
    init(hex: String) throws(KeyError)
    /// The lowercase hex form.
    var hex: String { get }
}

extension HexEncoded {
    public var description: String { hex }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(hex: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
