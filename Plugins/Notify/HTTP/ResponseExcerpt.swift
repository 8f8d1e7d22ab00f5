import Foundation

/// What of an error answer's body goes into a message: a short line a person can read. An HTML page
/// (a proxy's or a server's error page) is reduced to its `<title>`; other text to its first line;
/// control characters are dropped; at most `limit` characters.
enum ResponseExcerpt {
    static let limit = 160

    static func make(_ body: Data, contentType: String?) -> String {
        let text = String(decoding: body.prefix(16_384), as: UTF8.self)
        let isHTML = contentType?.lowercased().contains("html") == true || text.range(of: "<html", options: .caseInsensitive) != nil
            || text.range(of: "<!doctype", options: .caseInsensitive) != nil
        let line: String
        if isHTML {
            guard let open = text.range(of: "<title>", options: .caseInsensitive),
                let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
            else { return "" }
            line = String(text[open.upperBound..<close.lowerBound])
        } else {
            line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
        let printable = String(String.UnicodeScalarView(line.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
            .trimmingCharacters(in: .whitespaces)
        return printable.count > limit ? String(printable.prefix(limit)) + "…" : printable
    }
}
