import Glibc

/// A TCP socket bound to an IPv4 loopback address, on the kernel's choice of port unless one is
/// given, listening unless asked not to: what a test's own server starts from, and how a port that
/// nothing listens on is found.
public struct LoopbackSocket: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let descriptor: Int32
    public let port: UInt16

    /// - Parameter backlog: `listen`'s backlog; nil binds only (nothing accepts, and no connection
    ///   is completed by the kernel).
    public init(address: String = "127.0.0.1", port: UInt16 = 0, backlog: Int32? = 16) throws(Failure) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1
            && withUnsafeMutablePointer(to: &socketAddress) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, length) == 0 && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
                        && getsockname(descriptor, $0, &length) == 0
                }
            }
        guard bound else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw Failure(description: "cannot listen on \(address):\(port): \(reason)")
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: socketAddress.sin_port)
    }

    /// Whether a client's connection waits to be accepted within `seconds` (0: right now).
    public func hasConnection(within seconds: Double) -> Bool {
        var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&pending, 1, Int32(seconds * 1000)) == 1
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
