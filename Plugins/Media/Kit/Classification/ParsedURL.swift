/// The parts of an `http`/`https` URL, as ranges into its bytes. No allocation, no percent-decoding,
/// no validation beyond what classification needs: the host validates URLs before it asks
/// the providers.
///
/// Accepted shape: `http(s)://[userinfo@]host[:port][/path][?query][#fragment]`, scheme
/// case-insensitive, surrounding ASCII whitespace ignored. Anything else (another scheme, an empty
/// host, a port that is not digits) does not parse.
public struct ParsedURL {
    public let bytes: URLBytes
    public var isHTTPS: Bool
    public var scheme: Range<Int>
    public var userInfo: Range<Int>?
    /// The host as written (brackets included for IPv6 literals).
    public var host: Range<Int>
    /// The host without leading and trailing dots: what host matching compares.
    public var matchHost: Range<Int>
    public var port: Range<Int>?
    /// Empty, or starting with `/`.
    public var path: Range<Int>
    public var query: Range<Int>?
    public var fragment: Range<Int>?

    public init?(_ buffer: UnsafeBufferPointer<UInt8>) {
        let bytes = URLBytes(buffer)
        self.bytes = bytes
        var start = 0
        var end = buffer.count
        while start < end, Self.isSpace(buffer[start]) { start += 1 }
        while end > start, Self.isSpace(buffer[end - 1]) { end -= 1 }

        if bytes.hasPrefixIgnoringCase(start..<end, "https://") {
            isHTTPS = true
            scheme = start..<start + 5
            start += 8
        } else if bytes.hasPrefixIgnoringCase(start..<end, "http://") {
            isHTTPS = false
            scheme = start..<start + 4
            start += 7
        } else {
            return nil
        }

        var authorityEnd = start
        while authorityEnd < end {
            let byte = buffer[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            authorityEnd += 1
        }
        var hostStart = start
        var at: Int?
        for index in start..<authorityEnd where buffer[index] == UInt8(ascii: "@") { at = index }
        if let at {
            userInfo = start..<at
            hostStart = at + 1
        } else {
            userInfo = nil
        }
        var hostEnd = authorityEnd
        port = nil
        if hostStart < authorityEnd, buffer[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]"), in: hostStart..<authorityEnd) else { return nil }
            hostEnd = close + 1
            if hostEnd < authorityEnd {
                guard buffer[hostEnd] == UInt8(ascii: ":") else { return nil }
                port = hostEnd + 1..<authorityEnd
            }
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":"), in: hostStart..<authorityEnd) {
            hostEnd = colon
            port = colon + 1..<authorityEnd
        }
        if let port, !port.isEmpty, !bytes.isAllDigits(port) { return nil }
        if let port, port.isEmpty { self.port = nil }
        host = hostStart..<hostEnd
        var matchStart = hostStart
        var matchEnd = hostEnd
        while matchStart < matchEnd, buffer[matchStart] == UInt8(ascii: ".") { matchStart += 1 }
        while matchEnd > matchStart, buffer[matchEnd - 1] == UInt8(ascii: ".") { matchEnd -= 1 }
        guard matchStart < matchEnd else { return nil }
        matchHost = matchStart..<matchEnd

        var cursor = authorityEnd
        var pathEnd = cursor
        while pathEnd < end, buffer[pathEnd] != UInt8(ascii: "?"), buffer[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        path = cursor..<pathEnd
        cursor = pathEnd
        query = nil
        fragment = nil
        if cursor < end, buffer[cursor] == UInt8(ascii: "?") {
            var queryEnd = cursor + 1
            while queryEnd < end, buffer[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            query = cursor + 1..<queryEnd
            cursor = queryEnd
        }
        if cursor < end, buffer[cursor] == UInt8(ascii: "#") {
            fragment = cursor + 1..<end
        }
    }

    /// True when the host is `domain` or a subdomain of it (`www.tiktok.com` matches `tiktok.com`;
    /// `reallytiktok.com` and `tiktok.com.evil.com` do not).
    public func hostMatches(_ domain: StaticString) -> Bool {
        let length = domain.utf8CodeUnitCount
        let count = matchHost.count
        if count == length { return bytes.equalsIgnoringCase(matchHost, domain) }
        guard count > length, bytes[matchHost.upperBound - length - 1] == UInt8(ascii: ".") else { return false }
        return bytes.equalsIgnoringCase(matchHost.upperBound - length..<matchHost.upperBound, domain)
    }

    /// Calls `body` with the range of each `&`-separated query item's key and value (the value is
    /// empty when there is no `=`). Stops when `body` returns false.
    public func forEachQueryItem(_ body: (_ key: Range<Int>, _ value: Range<Int>) -> Bool) {
        guard let query else { return }
        var itemStart = query.lowerBound
        while itemStart <= query.upperBound {
            var itemEnd = itemStart
            while itemEnd < query.upperBound, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            if itemEnd > itemStart {
                let equals = bytes.firstIndex(of: UInt8(ascii: "="), in: itemStart..<itemEnd)
                let key = itemStart..<(equals ?? itemEnd)
                let value = equals.map { $0 + 1..<itemEnd } ?? itemEnd..<itemEnd
                if !body(key, value) { return }
            }
            itemStart = itemEnd + 1
        }
    }

    /// The value of the first query item whose key is `name` (case-sensitive, not decoded).
    public func queryValue(_ name: StaticString) -> Range<Int>? {
        var found: Range<Int>?
        forEachQueryItem { key, value in
            if bytes.equals(key, name) {
                found = value
                return false
            }
            return true
        }
        return found
    }

    /// True when the query has an item whose key is `name`.
    public func hasQueryKey(_ name: StaticString) -> Bool {
        queryValue(name) != nil
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
