import CQRencode
import Glibc

/// A QR code as its square of modules (libqrencode, byte mode, error correction level M), for a
/// front end to draw: the terminal draws it with block characters, a GUI with pixels. The quiet
/// zone is not included.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]

    /// Encodes `text` as UTF-8 bytes; the smallest version that holds it is chosen.
    public init(encoding text: String) throws(QRCodeError) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw errno == ERANGE ? .tooLong(bytes: text.utf8.count) : .encodingFailed(errno: errno)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
        size = width
    }

    public subscript(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }
}
