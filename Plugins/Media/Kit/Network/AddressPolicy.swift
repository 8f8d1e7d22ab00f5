import Foundation
import Glibc

/// Which addresses metadata and thumbnail requests may reach. By default only public ones: a link
/// in a post must not make linkstr probe the user's LAN, router or loopback services. The plugin
/// setting `allow_private_addresses` widens it: `"loopback"` (127.0.0.0/8, ::1: local test servers)
/// or `true` (every address).
///
/// A host name is resolved once per connection and every address it resolves to is checked; the
/// connection then goes to one of those very addresses (`HTTPFetcher`, `CheckingProxy`), so a DNS
/// answer that changes afterwards (rebinding) is never used.
///
/// Thread rule: immutable; `check` and `addresses(for:)` block on DNS, so call them off the
/// cooperative pool.
struct AddressPolicy: Sendable {
    enum Reach: Sendable, Equatable {
        case publicOnly
        case loopbackAllowed
        case all
    }

    /// Every address a host name (or address literal) stands for.
    typealias Resolver = @Sendable (String) throws(FetchError) -> [Address]

    var reach: Reach
    var resolve: Resolver

    init(reach: Reach, resolve: @escaping Resolver = AddressPolicy.resolve) {
        self.reach = reach
        self.resolve = resolve
    }

    init(setting: String?) {
        switch setting?.lowercased() {
        case "true", "yes", "1", "all": self.init(reach: .all)
        case "loopback": self.init(reach: .loopbackAllowed)
        default: self.init(reach: .publicOnly)
        }
    }

    /// Throws unless `url` is http(s) with a host whose every address this policy allows.
    func check(_ url: URL) throws(FetchError) {
        let host = try Self.host(of: url)
        guard reach != .all else { return }
        _ = try allowedAddresses(of: host)
    }

    /// The addresses a request for `url` may connect to: every address its host resolves to, when
    /// this policy allows each of them. Throws as `check` does.
    func addresses(for url: URL) throws(FetchError) -> [Address] {
        try allowedAddresses(of: Self.host(of: url))
    }

    /// Every address `host` resolves to, when this policy allows each of them.
    func allowedAddresses(of host: String) throws(FetchError) -> [Address] {
        let addresses = try resolve(host)
        guard reach != .all else { return addresses }
        for address in addresses {
            switch address.scope {
            case .public: continue
            case .loopback where reach == .loopbackAllowed: continue
            case .loopback, .private: throw .privateAddress(host: host, address: address.text)
            }
        }
        return addresses
    }

    /// The host of an http(s) URL, without the brackets of an IPv6 literal.
    static func host(of url: URL) throws(FetchError) -> String {
        guard let scheme = url.scheme?.lowercased() else { throw .invalidURL(url.absoluteString) }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        guard var host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    enum Scope: Equatable {
        case `public`, loopback, `private`
    }

    struct Address: Sendable {
        var text: String
        var scope: Scope
        /// The `sockaddr_in` or `sockaddr_in6` it was resolved to (port 0).
        var socketAddress: [UInt8]
    }

    /// Every address `host` resolves to (getaddrinfo; literals too): the default resolver.
    static func resolve(_ host: String) throws(FetchError) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let list else {
            throw .unresolvable(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                let socketAddress = Array(UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen)))
                if entry.pointee.ai_family == AF_INET {
                    let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
                    let bytes = withUnsafeBytes(of: ipv4) { Array($0) }
                    addresses.append(Address(text: bytes.map(String.init).joined(separator: "."), scope: scope(ipv4: bytes), socketAddress: socketAddress))
                } else if entry.pointee.ai_family == AF_INET6 {
                    let ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
                    addresses.append(Address(text: text(ipv6: ipv6), scope: scope(ipv6: bytes), socketAddress: socketAddress))
                }
            }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }

    /// Loopback 127/8; private or special: 0/8, 10/8, 100.64/10, 169.254/16, 172.16/12, 192.0.0/24,
    /// 192.168/16, 198.18/15, multicast and reserved (224/3).
    static func scope(ipv4 bytes: [UInt8]) -> Scope {
        let (a, b) = (bytes[0], bytes[1])
        if a == 127 { return .loopback }
        if a == 0 || a == 10 || a >= 224 { return .private }
        if a == 100 && b & 0xC0 == 64 { return .private }
        if a == 169 && b == 254 { return .private }
        if a == 172 && b & 0xF0 == 16 { return .private }
        if a == 192 && (b == 168 || (b == 0 && bytes[2] == 0)) { return .private }
        if a == 198 && b & 0xFE == 18 { return .private }
        return .public
    }

    /// Loopback ::1; private or special: ::, fc00::/7, fe80::/10, ff00::/8; IPv4-mapped, NAT64
    /// (64:ff9b::/96) and 6to4 (2002::/16) addresses are judged by the IPv4 address inside.
    static func scope(ipv6 bytes: [UInt8]) -> Scope {
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] == 1 ? .loopback : .private }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return scope(ipv4: Array(bytes[12..<16])) }
        if bytes[0] == 0x00, bytes[1] == 0x64, bytes[2] == 0xFF, bytes[3] == 0x9B { return scope(ipv4: Array(bytes[12..<16])) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return scope(ipv4: Array(bytes[2..<6])) }
        if bytes[0] & 0xFE == 0xFC { return .private }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .private }
        if bytes[0] == 0xFF { return .private }
        return .public
    }

    private static func text(ipv6: in6_addr) -> String {
        var address = ipv6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
