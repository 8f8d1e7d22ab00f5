import Foundation

/// The body `saved sync` POSTs: `{"urls":[{"id":"uuid","url":"https://…","tags":["t"],"saved_at":"ISO-8601"}]}`,
/// fields in that order, no spaces, slashes unescaped; with `extraFields`, each link also has
/// `note`, `title` (when it has them) and `updated_at`, after those four.
enum WebhookPayload {
    static func body(_ links: [SavedLink], extraFields: Bool) -> [UInt8] {
        let entries = links.map { link in
            var fields = [
                ("id", string(link.id)), ("url", string(link.url)), ("tags", "[" + link.tags.map(string).joined(separator: ",") + "]"),
                ("saved_at", string(ISOTime.string(link.savedAt))),
            ]
            if extraFields {
                if let note = link.note { fields.append(("note", string(note))) }
                if let title = link.title { fields.append(("title", string(title))) }
                fields.append(("updated_at", string(ISOTime.string(link.updatedAt))))
            }
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
        return Array(("{\"urls\":[" + entries.joined(separator: ",") + "]}").utf8)
    }

    /// A JSON string literal (encoded as the one element of an array, which JSON text can be).
    private static func string(_ text: String) -> String {
        String(JSONRecords.text([text]).dropFirst().dropLast())
    }
}
