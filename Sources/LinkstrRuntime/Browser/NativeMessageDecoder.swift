import Foundation

/// Splits a byte stream into native-messaging messages (see ``NativeMessageCodec``): bytes go in
/// as they arrive, whole messages come out.
public struct NativeMessageDecoder: Sendable {
    private var buffer = Data()

    public init() {}

    public mutating func append(_ bytes: Data) {
        buffer.append(bytes)
    }

    /// The next whole message, or nil until more bytes arrive. A header announcing more than the
    /// protocol allows is an error (the stream cannot be resynchronised after it).
    public mutating func next() throws(NativeMessageError) -> Data? {
        guard buffer.count >= NativeMessageCodec.headerLength else { return nil }
        let length = NativeMessageCodec.length(header: buffer)
        guard length <= NativeMessageCodec.maximumLength else { throw .tooLong(length) }
        let end = buffer.startIndex + NativeMessageCodec.headerLength + length
        guard buffer.endIndex >= end else { return nil }
        let message = Data(buffer[(buffer.startIndex + NativeMessageCodec.headerLength)..<end])
        buffer = Data(buffer[end...])
        return message
    }

    /// Whether bytes of an unfinished message are waiting (at the end of the input, a truncation).
    public var hasPartialMessage: Bool { !buffer.isEmpty }
}
