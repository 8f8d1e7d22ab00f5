/// Why JSON text was refused: what is wrong, in words, and the byte offset where the reader found it,
/// e.g. `unterminated string (at byte 12)`. Callers wrap it into their own errors, naming what they read.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public let offset: Int

    @inlinable
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) (at byte \(offset))" }
}
