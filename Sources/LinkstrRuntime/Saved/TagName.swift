/// The rule for tag names: trimmed, lowercase, inner whitespace as single spaces, at most 64
/// characters, no comma (bookmark files list tags separated by commas).
public enum TagName {
    public static let maximumLength = 64

    public static func normalize(_ text: String) throws(LinkstrError) -> String {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        let name = words.joined(separator: " ")
        guard !name.isEmpty else { throw LinkstrError(.badInput, "a tag cannot be empty; give a word such as --tag reading") }
        guard !name.contains(",") else { throw LinkstrError(.badInput, "the tag '\(name)' contains a comma; give each tag with its own --tag") }
        guard name.count <= maximumLength else {
            throw LinkstrError(.badInput, "the tag '\(name.prefix(20))…' is longer than \(maximumLength) characters; use a shorter one")
        }
        return name
    }
}
