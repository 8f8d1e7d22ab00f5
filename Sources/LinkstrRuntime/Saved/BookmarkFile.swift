import Foundation

/// A bookmark file handed to `saved import` (a path, standard input or an upload in the app): a
/// Netscape `bookmarks.html` or linkstr's JSON export, told apart by its first character.
public enum BookmarkFile {
    /// The entries of the file `name` names (for the messages).
    ///
    /// - Throws: `.badInput` for a JSON file that is not the export, or an HTML file without a bookmark.
    public static func entries(_ bytes: Data, named name: String) throws(LinkstrError) -> [BookmarkEntry] {
        if SavedLinkExport.isJSON(bytes) {
            do {
                return try SavedLinkExport.parse(bytes)
            } catch {
                throw LinkstrError(.badInput, "\(name): \(error.description)")
            }
        }
        let entries = NetscapeBookmarks.parse(String(decoding: bytes, as: UTF8.self))
        guard !entries.isEmpty else { throw LinkstrError(.badInput, "\(name) has no bookmarks (<A HREF=…>); export bookmarks as HTML and give that file") }
        return entries
    }
}
