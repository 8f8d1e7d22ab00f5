/// Why a text could not be drawn as a QR code.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// More than the largest QR code (version 40) holds at error correction level M.
    case tooLong(bytes: Int)
    case encodingFailed(errno: Int32)

    public var description: String {
        switch self {
        case .tooLong(let bytes): "\(bytes) bytes do not fit in a QR code (at most 2 331 at this error correction level)"
        case .encodingFailed(let errno): "the QR code could not be made (libqrencode failed, errno \(errno))"
        }
    }
}
