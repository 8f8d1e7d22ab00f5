import Foundation

extension JSONRecords {
    /// The JSON text of `record` (arrays, dictionaries, strings, numbers, booleans): keys sorted and
    /// slashes unescaped, so that the same record is always the same bytes.
    public static func text(_ record: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "null"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
