import LinkstrRuntime
import Testing

@testable import linkstr

/// The tag picker of `linkstr save`: numbers pick the suggestions shown, words are new tags.
@Suite struct TagPickerTests {
    let now: Int64 = 1_800_000_000

    @Test func thePickerReadsNumbersAsSuggestionsAndWordsAsNewTags() {
        let shown = [TagScore(name: "swift", count: 2, lastUsed: now, score: 20), TagScore(name: "video", count: 1, lastUsed: now, score: 10)]
        #expect(TagPicker.choice("1, 2", from: shown) == ["swift", "video"])
        #expect(TagPicker.choice("2 later 7", from: shown) == ["video", "later", "7"])
        #expect(TagPicker.choice("", from: shown) == [])
    }
}
