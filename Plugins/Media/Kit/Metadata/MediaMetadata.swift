import Foundation

/// The answer of `fetch_metadata`: `{"title"?,"thumbnail"?,"thumbnail_path"?,"source"}` where
/// `thumbnail` is the image URL (the ABI's field) and `thumbnail_path` the cached copy.
struct MediaMetadata: Equatable, Sendable {
    var title: String?
    var thumbnail: URL?
    var thumbnailPath: String?
    /// Why the thumbnail is not cached, when it is known but could not be saved.
    var thumbnailError: String?
    /// `oembed` or `page`.
    var source: String

    var json: String {
        var object: [String: Any] = ["source": source]
        object["title"] = title
        object["thumbnail"] = thumbnail?.absoluteString
        object["thumbnail_path"] = thumbnailPath
        object["thumbnail_error"] = thumbnailError
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
