import Foundation

/// Turns a page's bytes into text the way browsers pick the encoding: the HTTP `Content-Type`
/// charset, then a byte-order mark (which wins over the header when both are present, as in WHATWG's
/// decode), then a `<meta charset>` / `http-equiv` prescan of the first 1024 bytes, then UTF-8. `iso-8859-1`, `latin1` and `us-ascii` mean windows-1252.
/// Invalid bytes become U+FFFD; an encoding this decoder does not know falls back to UTF-8.
///
/// Thread rule: pure.
enum TextDecoding {
    enum Encoding: Equatable {
        case utf8, windows1252, utf16LE, utf16BE
        /// One Foundation decodes (Shift_JIS, EUC-JP, ISO-2022-JP, ISO-8859-2, windows-1250/1251).
        case foundation(String.Encoding)
    }

    static func decode(_ bytes: [UInt8], contentType: String?) -> (text: String, encoding: Encoding) {
        var body = bytes[...]
        var encoding = contentType.flatMap(charset(inContentType:)).flatMap(encoding(named:))
        if let bom = byteOrderMark(body) {
            body = body.dropFirst(bom.length)
            encoding = bom.encoding
        }
        let chosen = encoding ?? prescan(body).flatMap(encoding(named:)) ?? .utf8
        return (text(body, chosen), chosen)
    }

    static func text(_ bytes: ArraySlice<UInt8>, _ encoding: Encoding) -> String {
        switch encoding {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            scalars.reserveCapacity(bytes.count)
            for byte in bytes {
                let code = byte >= 0x80 && byte <= 0x9F ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
                scalars.append(Unicode.Scalar(code)!)
            }
            return String(scalars)
        case .utf16LE, .utf16BE:
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let first = UInt16(bytes[index])
                let second = UInt16(bytes[index + 1])
                units.append(encoding == .utf16LE ? first | second << 8 : first << 8 | second)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        case .foundation(let foundationEncoding):
            return String(data: Data(bytes), encoding: foundationEncoding) ?? String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The encoding a label names (WHATWG labels, the common ones), or nil when unknown.
    static func encoding(named label: String) -> Encoding? {
        switch label.trimmingCharacters(in: .whitespaces).lowercased() {
        case "utf-8", "utf8", "unicode-1-1-utf-8": return .utf8
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii",
            "iso_8859-1", "iso-ir-100", "cp819":
            return .windows1252
        case "utf-16le", "utf-16": return .utf16LE
        case "utf-16be": return .utf16BE
        case "shift_jis", "shift-jis", "sjis", "windows-31j", "x-sjis": return .foundation(.shiftJIS)
        case "euc-jp": return .foundation(.japaneseEUC)
        case "iso-2022-jp": return .foundation(.iso2022JP)
        case "iso-8859-2", "latin2": return .foundation(.isoLatin2)
        case "windows-1250", "cp1250": return .foundation(.windowsCP1250)
        case "windows-1251", "cp1251": return .foundation(.windowsCP1251)
        default: return nil
        }
    }

    /// The `charset=` parameter of a `Content-Type` value.
    static func charset(inContentType value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
        }
        return nil
    }

    private static func byteOrderMark(_ bytes: ArraySlice<UInt8>) -> (encoding: Encoding, length: Int)? {
        let start = bytes.startIndex
        if bytes.count >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[start] == 0xFF, bytes[start + 1] == 0xFE { return (.utf16LE, 2) }
        if bytes.count >= 2, bytes[start] == 0xFE, bytes[start + 1] == 0xFF { return (.utf16BE, 2) }
        return nil
    }

    /// The charset a `<meta charset=…>` or `<meta http-equiv="Content-Type" content="…; charset=…">`
    /// in the first 1024 bytes declares.
    static func prescan(_ bytes: ArraySlice<UInt8>) -> String? {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        var scanner = HeadScanner(head)
        while let tag = scanner.nextTag() {
            guard tag.name == "meta" else { continue }
            if let charset = tag.attribute("charset") { return charset }
            if tag.attribute("http-equiv")?.lowercased() == "content-type", let content = tag.attribute("content") {
                return charset(inContentType: content)
            }
        }
        return nil
    }

    /// windows-1252 code points for the bytes 0x80–0x9F (the five undefined ones map to themselves, as
    /// in WHATWG's index).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
