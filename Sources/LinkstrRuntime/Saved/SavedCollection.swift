/// The storage collections of saved links. Keys are keyed hashes of the URL (and tag), so the index
/// reveals neither; URLs, notes and tag names are sealed in the values.
enum SavedCollection {
    /// key: HMAC(url) · sort: saved_at · flags: `deletedFlag` · value: `SavedLink.encodedRecord()`.
    static let link = "saved"
    /// key: HMAC(url) ‖ HMAC(tag) · parent: HMAC(url) · sort: when the tag was added · value: the tag.
    /// One record per tag, so two processes tagging the same link at once both keep their tag.
    static let tag = "saved-tag"

    static let deletedFlag: Int64 = 1
}
