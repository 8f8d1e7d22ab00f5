import Foundation

extension JSONRecords {
    /// The JSON text of `record`, keys sorted and slashes unescaped, so that the same record is
    /// always the same bytes. The one encoder configuration of every record linkstr prints.
    public static func text(_ record: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Records hold strings, integers, booleans and finite doubles only: nothing an encoder refuses.
        guard let data = try? encoder.encode(record) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
