import Foundation

extension String {
    private static let whitespace = CharacterSet.whitespacesAndNewlines

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, the same set and result, without its cost
    /// (about 2 µs through NSString on Linux) in the usual case: text that neither starts nor ends
    /// with such a character is returned as it is. Ingest trims several fields of every payload.
    var trimmingWhitespace: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        guard Self.whitespace.contains(first) || Self.whitespace.contains(last) else { return self }
        return trimmingCharacters(in: Self.whitespace)
    }
}
