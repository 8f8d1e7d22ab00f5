import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query string, in order; a name
/// may come more than once (the members of a new session). A `multipart/form-data` body
/// (``Form+Multipart``) also has files.
struct Form: Sendable {
    var fields: [(name: String, value: String)] = []
    /// The files of a `multipart/form-data` body.
    var files: [Upload] = []

    init(query: String = "") {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields.append((Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : ""))
        }
    }

    func first(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    func all(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The field without surrounding whitespace; nil when that leaves nothing.
    func trimmed(_ name: String) -> String? {
        guard let value = first(name)?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
