import Foundation

/// Names shown to a person (profile names, aliases) come from other people or from pasted text:
/// controls and bidirectional overrides are removed so a name cannot rewrite a terminal line or
/// disguise itself, surrounding whitespace is trimmed and the length capped.
enum NameText {
    /// The most characters a name keeps.
    static let maximumCharacters = 100

    /// The cleaned name, or nil when nothing is left.
    static func clean(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isRemoved(scalar) {
            // Newlines and tabs become spaces so a name stays on one line.
            scalars.append(scalar.properties.isWhitespace ? " " : scalar)
        }
        let trimmed = String(scalars).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(maximumCharacters))
    }

    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false  // whitespace: replaced by a space
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0 and C1 controls
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true  // bidi controls
        default: return false
        }
    }
}
