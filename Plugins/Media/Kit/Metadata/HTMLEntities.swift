/// Decodes HTML character references in attribute values and titles: numeric (`&#233;`, `&#xE9;`,
/// with the WHATWG windows-1252 remapping of 128–159) and the named ones that occur in page titles
/// (a short table, not all 2,231). An unknown or malformed reference stays as written.
///
/// Thread rule: pure.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let candidate = rest[afterAmpersand...].prefix(32)
            if let semicolon = candidate.firstIndex(of: ";"), let scalar = character(for: candidate[..<semicolon]) {
                result += scalar
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    private static func character(for name: Substring) -> String? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard var code = value else { return nil }
            if (0x80...0x9F).contains(code) { code = TextDecoding.windows1252High[Int(code - 0x80)] }
            if code == 0 || code > 0x10FFFF || (0xD800...0xDFFF).contains(code) { return "\u{FFFD}" }
            return Unicode.Scalar(code).map { String(Character($0)) }
        }
        return named[String(name)]
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "trade": "™", "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "bull": "•", "middot": "·",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "times": "×", "divide": "÷",
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ",
        "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í",
        "icirc": "î", "iuml": "ï", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ",
        "ouml": "ö", "oslash": "ø", "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý",
        "yuml": "ÿ", "szlig": "ß", "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä",
        "Aring": "Å", "AElig": "Æ", "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë",
        "Iacute": "Í", "Ntilde": "Ñ", "Oacute": "Ó", "Ouml": "Ö", "Oslash": "Ø", "Uacute": "Ú", "Uuml": "Ü",
        "iexcl": "¡", "iquest": "¿", "sect": "§", "para": "¶", "shy": "\u{AD}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]
}
