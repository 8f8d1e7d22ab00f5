import Foundation

/// The WebExtension native-messaging framing: each message is a 4-byte length in native byte order
/// followed by that many bytes of UTF-8 JSON. Browsers send at most 1 MB to a host and accept at
/// most 1 MB back.
public enum NativeMessageCodec {
    /// The largest message accepted from the browser, and the largest reply sent back.
    public static let maximumLength = 1 << 20
    static let headerLength = 4

    /// `message` with its length header; a message longer than ``maximumLength`` is refused.
    public static func frame(_ message: Data) throws(NativeMessageError) -> Data {
        guard message.count <= maximumLength else { throw .tooLong(message.count) }
        var length = UInt32(message.count)
        var framed = withUnsafeBytes(of: &length) { Data($0) }
        framed.append(message)
        return framed
    }

    /// The length a 4-byte header announces.
    static func length(header: Data) -> Int {
        var length: UInt32 = 0
        withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: header.prefix(headerLength)) }
        return Int(length)
    }
}
