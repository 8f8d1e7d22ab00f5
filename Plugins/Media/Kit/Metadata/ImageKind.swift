/// The image formats a thumbnail may have, recognised by their magic bytes (never by the server's
/// Content-Type or the URL's extension). SVG is refused: it is a document that can carry scripts.
enum ImageKind: String, Sendable, CaseIterable {
    case jpeg = "jpg", png, gif, webp, avif

    /// The kind of image `bytes` start with, or nil when they are no image this accepts.
    init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) {
            self = .avif
        } else {
            return nil
        }
    }

    /// The file extension of cached thumbnails.
    var fileExtension: String { rawValue }
}
