import Foundation

extension JSONRecords {
    /// The JSON text of `record` (an array or a dictionary of arrays, dictionaries, strings, numbers,
    /// booleans): keys sorted and slashes unescaped, so that the same record is always the same
    /// bytes — those of `JSONSerialization` with `.sortedKeys` and `.withoutEscapingSlashes`; "null"
    /// for what `JSONSerialization` refuses.
    public static func text(_ record: Any) -> String {
        var writer = JSONTextWriter()
        if record is [Any] || record is [String: Any], writer.write(record) {
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        // JSONSerialization stops the process on what `isValidJSONObject` refuses (a bare string).
        guard JSONSerialization.isValidJSONObject(record),
            let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return "null"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
