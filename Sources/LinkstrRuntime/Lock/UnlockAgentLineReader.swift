import Foundation
import Glibc

/// The lines arriving on one socket, read in chunks.
final class UnlockAgentLineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next message; nil at the end of the stream, on an error, or on a line that is no message.
    func next() -> UnlockAgentMessage? {
        next(UnlockAgentMessage.self)
    }

    /// The next line as a `Message`; nil at the end of the stream, on an error, or on a line that is none.
    func next<Message: Decodable>(_ type: Message.Type) -> Message? {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try? JSONDecoder().decode(type, from: line)
            }
            guard buffer.count < UnlockAgentSocket.maximumLine else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
