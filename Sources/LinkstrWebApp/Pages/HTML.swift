/// Building the pages: every text that is not the app's own goes through `escape`, in element
/// content and in attribute values alike (attributes are always double-quoted).
enum HTML {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A path segment for an id from the runtime (session ids and post ids are hex, but a page never trusts that).
    static func segment(_ text: String) -> String {
        escape(text.addingPercentEncodingForPath())
    }

    /// The hidden field every state-changing form carries.
    static func csrfField(_ token: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(escape(token))\">"
    }

    /// "just now", "5m ago", "3h ago", "2d ago", then the date.
    static func relativeTime(_ time: Int64, now: Int64) -> String {
        let seconds = max(0, now - time)
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60)m ago"
        case ..<86_400: return "\(seconds / 3600)h ago"
        case ..<(7 * 86_400): return "\(seconds / 86_400)d ago"
        default: return isoDate(time)
        }
    }

    /// `2026-11-28`, for dates older than a week and `datetime` attributes.
    static func isoDate(_ time: Int64) -> String {
        let days = time / 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// One of the theme's avatar colours, the same for the same text.
    static func avatarClass(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "avatar c\(hash % 7)"
    }

    /// The first letter of a name, for its avatar (of an npub: the first letter after `npub1`).
    static func initial(_ name: String) -> String {
        let shown = name.hasPrefix("npub1") ? name.dropFirst(5) : Substring(name)
        return escape(shown.first.map { String($0).uppercased() } ?? "?")
    }
}

extension String {
    /// Percent-encodes everything but unreserved characters.
    func addingPercentEncodingForPath() -> String {
        var encoded = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                encoded += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return encoded
    }
}
