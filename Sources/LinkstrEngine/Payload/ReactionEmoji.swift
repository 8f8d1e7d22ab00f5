/// What a reaction may be when this account sends one: exactly one emoji, after trimming — one
/// grapheme cluster that is shown as an emoji (emoji presentation; a text-default emoji with VS16;
/// a keycap; a flag; a skin tone; a ZWJ sequence). Text, a digit alone, several emoji and control
/// characters are refused. Receiving stays lenient (any non-empty string), as the iPhone app is.
public enum ReactionEmoji {
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let emojiVariationSelector: Unicode.Scalar = "\u{FE0F}"
    private static let combiningKeycap: Unicode.Scalar = "\u{20E3}"
    /// The tag characters of subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿) and their terminator.
    private static let tags: ClosedRange<UInt32> = 0xE0020...0xE007F

    /// The trimmed emoji, or an error that says what to give instead.
    public static func validated(_ text: String) throws(PayloadError) -> String {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw PayloadError("a reaction needs an emoji") }
        let characters = trimmed.filter { !$0.isWhitespace }
        if trimmed.count > 1, characters.allSatisfy({ isEmoji(String($0).unicodeScalars) }) {
            throw PayloadError("\(trimmed.debugDescription) is \(characters.count) emoji; a reaction is one emoji (react once for each, such as \(characters.first!))")
        }
        guard trimmed.count == 1, isEmoji(trimmed.unicodeScalars) else {
            // Quoted with control characters escaped, so the message cannot drive the terminal.
            throw PayloadError("\(trimmed.debugDescription) is not an emoji; react with exactly one emoji, such as 👍")
        }
        return trimmed
    }

    private static func isEmoji(_ scalars: String.UnicodeScalarView) -> Bool {
        guard let first = scalars.first else { return false }
        let allowed = scalars.allSatisfy { scalar in
            scalar.properties.isEmoji || scalar == zeroWidthJoiner || scalar == emojiVariationSelector || scalar == combiningKeycap
                || tags.contains(scalar.value)
        }
        guard allowed else { return false }
        if first.properties.isEmojiPresentation { return true }
        // A text-default emoji (❤, ☝, 1) is an emoji when its next scalar makes it one.
        guard first.properties.isEmoji, let second = scalars.dropFirst().first else { return false }
        return second == emojiVariationSelector || second == combiningKeycap || second.properties.isEmojiModifier
    }
}
