import LinkstrEngine
import Testing

/// What a reaction may be when sent: exactly one emoji.
@Suite struct ReactionEmojiTests {
    @Test(arguments: [
        "👍", "🔥", "👀", "❤️", "☝️", "👍🏽", "☝🏻", "🇫🇷", "1️⃣", "#️⃣", "*️⃣", "👨‍👩‍👧", "🏳️‍🌈", "❤️‍🔥", "🧑🏾‍💻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", " 🔥 ",
    ])
    func oneEmojiIsAccepted(_ emoji: String) throws {
        #expect(try ReactionEmoji.validated(emoji) == emoji.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: [
        "fire", "a", "1", "42", "#", "©", "❤", "🔥🔥", "👍 👎", "🔥!", "\u{1B}", "\u{1B}[31m", "🔥\u{7}", "\u{200D}", "\u{FE0F}",
        "🔥\u{FE0E}", "é", "ツ",
    ])
    func anythingElseIsRefused(_ text: String) {
        #expect(throws: PayloadError.self) { try ReactionEmoji.validated(text) }
    }
}
