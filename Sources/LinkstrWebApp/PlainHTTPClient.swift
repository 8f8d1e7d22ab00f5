import Glibc

/// A plain HTTP/1.1 client over a TCP socket to 127.0.0.1: it sends exactly the request it is
/// given (any Host, any Origin, no cookie jar), as an attacker's page or program would, and reads
/// the answer until the server closes. For `linkstr app selftest` and the tests.
public enum PlainHTTPClient {
    public struct Answer: Sendable {
        public var status: Int
        /// Header names in lower case.
        public var headers: [(name: String, value: String)]
        public var body: String

        public func header(_ name: String) -> String? {
            headers.first { $0.name == name.lowercased() }?.value
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `method path` to 127.0.0.1:`port` with these headers (a `Host` among them, or none).
    public static func send(
        port: Int, method: String = "GET", path: String, headers: [(String, String)], body: String = ""
    ) throws(Failure) -> Answer {
        var request = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "Connection: close\r\n\r\n" + body
        return try parse(try exchange(port: port, Array(request.utf8)))
    }

    private static func exchange(port: Int, _ request: [UInt8]) throws(Failure) -> [UInt8] {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "cannot make a socket (errno \(errno))") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 15, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port) (errno \(errno))") }
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "the server closed the connection while the request was sent") }
            sent += written
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "no complete answer from 127.0.0.1:\(port) (errno \(errno))") }
            answer += buffer[..<count]
        }
        return answer
    }

    private static func parse(_ bytes: [UInt8]) throws(Failure) -> Answer {
        guard let end = index(of: [13, 10, 13, 10], in: bytes, from: 0) else {
            throw Failure(description: "the answer has no header end: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "no status line: \(lines.first ?? "")") }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]).lowercased(), String(line[line.index(after: colon)...].drop(while: { $0 == " " })))
        }
        var body = Array(bytes[(end + 4)...])
        if headers.contains(where: { $0.name == "transfer-encoding" && $0.value.lowercased() == "chunked" }) { body = dechunk(body) }
        return Answer(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
    }

    /// The body of a chunked answer, its chunk sizes removed.
    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var position = 0
        while let lineEnd = index(of: [13, 10], in: bytes, from: position),
            let size = Int(String(decoding: bytes[position..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16), size > 0
        {
            let start = lineEnd + 2
            let chunkEnd = min(start + size, bytes.count)
            body += bytes[start..<chunkEnd]
            position = chunkEnd + 2
        }
        return body
    }

    private static func index(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        for index in start...(bytes.count - pattern.count) where bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        return nil
    }
}
