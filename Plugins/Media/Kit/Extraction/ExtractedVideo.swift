import Foundation

/// A verified video file: the answer of `extract`, `{"path","bytes","codec","width","height","duration"?}`.
struct ExtractedVideo: Equatable, Sendable {
    var path: String
    var bytes: Int64
    var codec: String
    var width: Int
    var height: Int
    var duration: Double?

    var json: String {
        var object: [String: Any] = ["path": path, "bytes": bytes, "codec": codec, "width": width, "height": height]
        object["duration"] = duration
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
