/// Text from the network or a file, made safe to print on a terminal or in a log: every control
/// character is shown instead of interpreted, so it cannot move the cursor, change colours, clear
/// the screen or reorder the line. C0 controls and DEL become their Unicode control pictures (ESC is
/// shown as `␛`), C1 controls and bidirectional overrides as `<U+202E>`.
public enum PrintableText {
    /// `text` with every control shown; line breaks and tabs too, so one line stays one line.
    public static func escaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return String(result)
    }

    /// Appends `scalar` to `output`, shown visibly when it is a control.
    public static func append(_ scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        switch scalar.value {
        case 0x00...0x1F:
            output.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F:
            output.append("\u{2421}")
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            output.append(contentsOf: ("<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">").unicodeScalars)
        default:
            output.append(scalar)
        }
    }
}
