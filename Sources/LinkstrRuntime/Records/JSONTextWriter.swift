import Foundation

/// Writes a JSON record (the `[String: Any]` trees of ``JSONRecords``) as the same bytes as
/// `JSONSerialization` with `.sortedKeys` and `.withoutEscapingSlashes`, several times faster: a
/// whole feed of 100 000 posts is one record. Keys are ordered as `JSONSerialization` orders them
/// (a numeric, case-insensitive comparison in the system locale), computed once per set of keys
/// instead of once per object. Values of other types than strings, booleans, integers, arrays and
/// dictionaries with string keys (Swift values, not Foundation objects) are left to `JSONSerialization` (``write(_:)`` answers false).
///
/// Thread rule: a value type used by one thread at a time.
struct JSONTextWriter {
    private(set) var bytes: [UInt8] = []
    /// The keys of each set seen so far, in output order, by the set sorted in Swift's order.
    private var keyOrders: [[String]: [String]] = [:]

    /// Appends `value`; false (with partial output) when it holds a value this writer leaves to
    /// `JSONSerialization`.
    mutating func write(_ value: Any) -> Bool {
        // Objects (NSNumber, NSString, NSNull…) are left to JSONSerialization: an NSNumber would
        // cast to Bool and to Int alike.
        if type(of: value) is AnyClass { return false }
        switch value {
        case let string as String: writeString(string)
        case let bool as Bool: bytes += bool ? Self.trueBytes : Self.falseBytes
        case let number as Int: bytes += number.description.utf8
        case let number as Int64: bytes += number.description.utf8
        case let number as Int32: bytes += number.description.utf8
        case let number as UInt64: bytes += number.description.utf8
        case let number as UInt32: bytes += number.description.utf8
        case let array as [Any]:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard write(element) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case let object as [String: Any]:
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in orderedKeys(object).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                guard write(object[key]!) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        default: return false
        }
        return true
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A string with `"`, `\` and the control characters escaped (the short forms where JSON has
    /// them), everything else as its UTF-8 bytes.
    private mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                bytes += Array("\\u00".utf8) + [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `object`'s keys in `JSONSerialization`'s order.
    private mutating func orderedKeys(_ object: [String: Any]) -> [String] {
        let keys = object.keys.sorted()
        if let known = keyOrders[keys] { return known }
        let ordered = keys.sorted { first, second in
            first.compare(second, options: [.numeric, .caseInsensitive, .forcedOrdering], range: first.startIndex..<first.endIndex, locale: NSLocale.system)
                == .orderedAscending
        }
        keyOrders[keys] = ordered
        return ordered
    }
}
