import Glibc

/// Whether this machine can reach a host at all: the name resolves and the kernel has a route to
/// one of its addresses (a UDP `connect` sends nothing; it only picks a route). Says nothing about
/// whether the server answers.
enum NetworkRoute {
    /// Nil when there is a route to `host`; else why the machine counts as offline for it.
    static func offlineReason(host: String, port: Int) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            return "the host \(host) does not resolve"
        }
        defer { freeaddrinfo(first) }
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if descriptor >= 0 {
                let connected = connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
                close(descriptor)
                if connected { return nil }
            }
            cursor = info.pointee.ai_next
        }
        return "there is no route to \(host)"
    }
}
