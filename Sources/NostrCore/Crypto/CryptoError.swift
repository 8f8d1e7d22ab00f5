import COpenSSL

/// A failure inside libcrypto or libsecp256k1 that is not caused by the caller's input
/// (for example an allocation failure). It never carries key material.
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operation that failed, e.g. "ChaCha20".
    public let operation: String
    /// The library's error text, if it gave one.
    public let detail: String

    init(operation: String, detail: String) {
        self.operation = operation
        self.detail = detail
    }

    /// Builds an error from OpenSSL's thread-local error queue (and clears the queue).
    static func openSSL(_ operation: String) -> CryptoError {
        var texts: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            texts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return CryptoError(operation: operation, detail: texts.isEmpty ? "no detail from OpenSSL" : texts.joined(separator: "; "))
    }

    public var description: String { "\(operation) failed: \(detail)" }
}
