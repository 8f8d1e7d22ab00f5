import LinkstrRuntime

/// Text for a terminal line, the one path every human printer takes for text it did not write
/// itself (names, notes, URLs, titles, ids, relay and server messages): controls and escape
/// sequences are shown visibly, never interpreted (`PrintableText`, the rule the host log uses too),
/// and widths are measured in terminal columns.
public enum TerminalText {
    /// One line: whitespace runs (newlines, tabs) become one space, other controls are shown.
    public static func line(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
                continue
            }
            PrintableText.append(scalar, to: &scalars)
            lastWasSpace = false
        }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }

    /// Several lines (a note): each cleaned, blank ones at either end dropped.
    public static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The columns `text` takes on a terminal (wide East Asian characters and emoji take two).
    public static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        case 0x0300...0x036F, 0x200B...0x200D:
            return 0
        default:
            return 1
        }
    }

    /// `text` cut to at most `columns` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `columns` columns.
    public static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// Spaces, then `text`, up to `columns` columns.
    public static func padLeft(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - width(text))) + text
    }
}
