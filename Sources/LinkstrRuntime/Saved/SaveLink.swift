import Foundation

/// A `linkstr://save?url=…&tag=…&note=…` link (what a bookmarklet or another program hands the
/// desktop's `linkstr://` handler to save a page in one step). `tag` may repeat or list tags
/// separated by commas.
public struct SaveLink: Sendable, Equatable {
    public var url: String
    public var tags: [String]
    public var note: String?

    public init(url: String, tags: [String] = [], note: String? = nil) {
        self.url = url
        self.tags = tags
        self.note = note
    }

    /// The save link `text` is, nil when it is another `linkstr://` link (or none).
    ///
    /// - Throws: `.badInput` for a save link without a `url`.
    public static func decode(_ text: String) throws(LinkstrError) -> SaveLink? {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            components.scheme?.lowercased() == "linkstr", components.host?.lowercased() == "save"
        else { return nil }
        let items = components.queryItems ?? []
        guard let url = items.first(where: { $0.name == "url" })?.value, !url.isEmpty else {
            throw LinkstrError(.badInput, "the save link has no url; use linkstr://save?url=https%3A%2F%2Fexample.com&tag=reading")
        }
        let tags = items.filter { $0.name == "tag" }.flatMap { ($0.value ?? "").split(separator: ",").map(String.init) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        let note = items.first { $0.name == "note" }?.value
        return SaveLink(url: url, tags: tags, note: note?.isEmpty == true ? nil : note)
    }

    /// What a link given to save names: a save link's URL with its tags and note, the URL a
    /// `linkstr://open` link shares, else the text itself (normalized when it is saved).
    ///
    /// - Throws: `.badInput` for a save link without a `url`, or a `linkstr:` link that is no deep link.
    public static func target(_ text: String) throws(LinkstrError) -> SaveLink {
        if let saveLink = try decode(text) { return saveLink }
        guard text.lowercased().hasPrefix("linkstr:") else { return SaveLink(url: text) }
        do {
            return SaveLink(url: try DeepLink.decode(text).url)
        } catch {
            throw LinkstrError(.badInput, error.description)
        }
    }
}
