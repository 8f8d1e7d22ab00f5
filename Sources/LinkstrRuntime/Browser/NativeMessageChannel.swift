import Foundation
import Glibc

/// The host's side of a native-messaging connection: messages read from one descriptor (stdin)
/// and framed replies written to another (stdout). Nothing else may write to the output.
public final class NativeMessageChannel: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    /// Read by `receive` only (one reader).
    private var decoder = NativeMessageDecoder()

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// The next message; nil when the browser closed the connection between messages.
    public func receive() throws(NativeMessageError) -> Data? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let message = try decoder.next() { return message }
            let count = read(input, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(String(cString: strerror(errno)))
            }
            if count == 0 {
                if decoder.hasPartialMessage { throw .truncated }
                return nil
            }
            decoder.append(Data(chunk[0..<count]))
        }
    }

    /// Writes `message` as one frame.
    public func send(_ message: Data) throws(NativeMessageError) {
        let framed = try NativeMessageCodec.frame(message)
        var offset = 0
        while offset < framed.count {
            let written = framed.withUnsafeBytes { write(output, $0.baseAddress! + offset, framed.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
