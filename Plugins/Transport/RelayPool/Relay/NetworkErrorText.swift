import Glibc
import NIOCore
import NIOPosix

/// A network library error as a person reads it: what failed and the system's reason, without the
/// library's type names and fields (`SingleConnectionFailure(target: …, error: …errno: 111)`).
enum NetworkErrorText {
    /// The sentence for `error`, or nil when it is not a network error this knows.
    static func describe(_ error: any Error) -> String? {
        switch error {
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                let reason = describe(failure.error) ?? String(describing: failure.error)
                return "\(error.host):\(error.port): \(reason)"
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return "cannot resolve the host name \(error.host)"
            }
            return "cannot reach \(error.host):\(error.port)"
        case let error as IOError:
            return lowercasedFirst(String(cString: strerror(error.errnoCode)))
        case let error as ChannelError:
            switch error {
            case .connectTimeout(let timeout): return "no answer within \(timeout.nanoseconds / 1_000_000) ms"
            case .ioOnClosedChannel, .alreadyClosed, .eof: return "the connection was closed"
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `Connection refused` → `connection refused`, to sit inside a sentence.
    private static func lowercasedFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
