import Foundation
import Glibc
import Synchronization

/// A forward proxy on 127.0.0.1 that yt-dlp, and the ffmpeg it starts, reach the web through, so the
/// address policy holds for every connection an extraction makes, redirects included: each
/// request's host is resolved here, every address is checked (`AddressPolicy`), and the connection
/// goes to the very address that was checked, so a DNS answer that changes afterwards (rebinding)
/// is never used. HTTPS goes through `CONNECT` (TLS stays end to end); a plain HTTP request is
/// forwarded with `Connection: close`, one request per connection. A refused request is answered
/// 403 and remembered, so the extraction can say why it failed. It serves only the extraction it
/// was started for: every request must carry its random credential (`Proxy-Authorization`, which
/// yt-dlp and ffmpeg send from the user and password in ``url``), else it is answered 407 — no
/// other process on the machine can use it to reach the web.
///
/// Thread rule: thread-safe; one thread accepts, one thread per connection relays.
final class CheckingProxy: Sendable {
    let port: UInt16
    private let listener: Int32
    private let policy: AddressPolicy
    private let refusalList = Mutex<[String]>([])
    /// The password of ``url`` (its user is `linkstr`): 128 random bits.
    private let password = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()

    /// How long a connection may stay silent, and how long reading a request head may take.
    static let idleSeconds: Int32 = 120

    /// Listens on a free port of 127.0.0.1.
    init(policy: AddressPolicy) throws(ExtractionError) {
        self.policy = policy
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .launch("cannot open the extraction proxy's socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .launch("cannot listen for the extraction proxy on 127.0.0.1: \(reason)")
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The proxy URL for yt-dlp's `--proxy`, with the credential.
    var url: String { "http://linkstr:\(password)@127.0.0.1:\(port)" }

    /// The `Proxy-Authorization` value a request must carry.
    private var authorization: String { "Basic " + Data("linkstr:\(password)".utf8).base64EncodedString() }

    /// Why requests were refused, oldest first.
    var refusals: [String] { refusalList.withLock { $0 } }

    /// Stops accepting; connections in flight end when either side closes.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        Self.setTimeout(client)
        guard let request = Self.readHead(client) else { return }
        let (head, rest) = request
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 3 else { return refuse(client, "a malformed request line") }
        let credentials = lines.dropFirst().compactMap { line -> String? in
            guard line.prefix(while: { $0 != ":" }).lowercased() == "proxy-authorization" else { return nil }
            return line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
        }
        guard credentials == [authorization] else {
            let head = "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"linkstr\"\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n"
            _ = Self.writeAll(client, Array(head.utf8))
            return
        }
        let tunnel = parts[0].uppercased() == "CONNECT"
        guard let target = tunnel ? Self.authority(parts[1]) : Self.absoluteTarget(parts[1]) else {
            return refuse(client, "a request for \(parts[1]), which is not an http URL or host:port")
        }
        let upstream: Int32
        do throws(FetchError) {
            upstream = try connect(to: target.host, port: target.port)
        } catch {
            return refuse(client, error.description)
        }
        defer { close(upstream) }
        if tunnel {
            guard Self.writeAll(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
        } else {
            let kept = lines.dropFirst().filter { line in
                let name = line.prefix { $0 != ":" }.lowercased()
                return !["connection", "proxy-connection", "keep-alive", "proxy-authorization"].contains(name)
            }
            let forwarded = ["\(parts[0]) \(target.path) \(parts[2])"] + kept + ["Connection: close", "", ""]
            guard Self.writeAll(upstream, Array(forwarded.joined(separator: "\r\n").utf8)) else { return }
        }
        guard rest.isEmpty || Self.writeAll(upstream, rest) else { return }
        Self.relay(client, upstream)
    }

    /// A socket connected to an address of `host` that the policy allows.
    private func connect(to host: String, port: UInt16) throws(FetchError) -> Int32 {
        var lastError = "no address"
        for address in try policy.allowedAddresses(of: host) {
            var socketAddress = address.socketAddress
            guard socketAddress.count >= 4 else { continue }
            // sin_port and sin6_port both follow the 2-byte family, in network order.
            socketAddress[2] = UInt8(port >> 8)
            socketAddress[3] = UInt8(port & 0xFF)
            let family = Int32(socketAddress.withUnsafeBytes { $0.load(as: sa_family_t.self) })
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            let connected = socketAddress.withUnsafeBytes { raw in
                Glibc.connect(descriptor, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count)) == 0
            }
            if connected {
                Self.setTimeout(descriptor)
                return descriptor
            }
            lastError = "\(address.text): \(String(cString: strerror(errno)))"
            close(descriptor)
        }
        throw .transport("cannot connect to \(host): \(lastError)")
    }

    private func refuse(_ client: Int32, _ reason: String) {
        refusalList.withLock { $0.append(reason) }
        let body = Array((reason + "\n").utf8)
        let head = "HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        _ = Self.writeAll(client, Array(head.utf8) + body)
    }

    // MARK: Bytes

    private static func setTimeout(_ descriptor: Int32) {
        var timeout = timeval(tv_sec: Int(idleSeconds), tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The request head (up to the blank line) and the bytes read after it; nil when the client
    /// closed or sent more than 64 KiB without ending its head.
    private static func readHead(_ descriptor: Int32) -> (String, [UInt8])? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        let end: [UInt8] = [13, 10, 13, 10]
        while bytes.count < 64 * 1024 {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            let searchFrom = max(0, bytes.count - 3)
            bytes += buffer[0..<count]
            var index = searchFrom
            while index + 4 <= bytes.count {
                if bytes[index..<(index + 4)].elementsEqual(end) {
                    return (String(decoding: bytes[..<index], as: UTF8.self), Array(bytes[(index + 4)...]))
                }
                index += 1
            }
        }
        return nil
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Copies bytes both ways until the upstream side (`second`) has finished: its answer is
    /// complete, and a client that would send another request on the connection reconnects. Also
    /// stops when a side fails or both stay silent.
    private static func relay(_ first: Int32, _ second: Int32) {
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open[0] || open[1] {
            var descriptors = [
                pollfd(fd: open[0] ? first : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open[1] ? second : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, idleSeconds * 1000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            for index in 0..<2 where open[index] && descriptors[index].revents != 0 {
                let (from, to) = index == 0 ? (first, second) : (second, first)
                let count = read(from, &buffer, buffer.count)
                if count <= 0 {
                    if index == 1 { return }
                    open[index] = false
                    shutdown(to, Int32(SHUT_WR))
                } else if !writeAll(to, Array(buffer[0..<count])) {
                    return
                }
            }
        }
    }

    // MARK: Targets

    struct Target {
        var host: String
        var port: UInt16
        /// The origin-form target (`/path?query`) of a forwarded request.
        var path: String
    }

    /// `host:port` of a CONNECT (an IPv6 host in brackets).
    static func authority(_ text: String) -> Target? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : Target(host: host, port: port, path: "")
    }

    /// The host, port and origin-form path of an absolute `http://` request target.
    static func absoluteTarget(_ text: String) -> Target? {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "http",
            var host = components.host, !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        return Target(host: host, port: UInt16(components.port ?? 80), path: path)
    }
}
