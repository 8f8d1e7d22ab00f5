/// A native-messaging frame that cannot be read or sent.
public enum NativeMessageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A message (announced or to send) longer than the protocol's 1 MB.
    case tooLong(Int)
    /// The input ended inside a frame.
    case truncated
    /// Reading or writing the channel failed (errno's text).
    case io(String)

    public var description: String {
        switch self {
        case .tooLong(let length): "a native message of \(length) bytes is longer than the 1 MB the browser allows"
        case .truncated: "the browser closed the connection in the middle of a message"
        case .io(let reason): "the native-messaging channel failed: \(reason)"
        }
    }
}
