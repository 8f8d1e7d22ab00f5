/// A link's title and thumbnail, as a media provider fetched them.
public struct LinkMetadata: Sendable, Equatable {
    public var title: String?
    /// The address of its image (the media cache keeps a copy once fetched).
    public var thumbnail: String?

    func encoded() -> [UInt8] {
        var writer = RecordValueWriter(version: 1)
        writer.optionalString(title)
        writer.optionalString(thumbnail)
        return writer.bytes
    }

    init(title: String?, thumbnail: String?) {
        self.title = title
        self.thumbnail = thumbnail
    }

    init(encoded bytes: [UInt8]) throws(RecordValueError) {
        var reader = try RecordValueReader(bytes)
        title = try reader.optionalString()
        thumbnail = try reader.optionalString()
    }
}
