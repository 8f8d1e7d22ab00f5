import Foundation
import Glibc
import Testing

@testable import LinkstrMediaKit

/// The proxy an extraction reaches the web through serves that extraction only: a request without
/// its credential (another process on the machine) is answered 407 and goes nowhere.
@Suite struct CheckingProxyTests {
    /// The status line the proxy answers `head` with.
    private func statusLine(port: UInt16, _ head: String) -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return "no connection" }
        _ = head.withCString { send(descriptor, $0, strlen($0), 0) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &bytes, bytes.count, 0)
        guard count > 0 else { return "no answer" }
        return String(decoding: bytes[0..<count], as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    @Test func onlyTheExtractionsOwnCredentialIsServed() throws {
        let server = try FixtureServer.start()
        let proxy = try CheckingProxy(policy: AddressPolicy(setting: "true"))
        defer { proxy.stop() }
        let target = server.url("/video.html")
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        #expect(statusLine(port: proxy.port, request + "\r\n") == "HTTP/1.1 407 Proxy Authentication Required")
        let wrong = "Proxy-Authorization: Basic " + Data("linkstr:guess".utf8).base64EncodedString() + "\r\n"
        #expect(statusLine(port: proxy.port, request + wrong + "\r\n") == "HTTP/1.1 407 Proxy Authentication Required")

        let credential = try #require(URLComponents(string: proxy.url))
        #expect(credential.user == "linkstr" && (credential.password?.count ?? 0) >= 32, "128 random bits")
        let right = "Proxy-Authorization: Basic " + Data("linkstr:\(credential.password ?? "")".utf8).base64EncodedString() + "\r\n"
        let answered = statusLine(port: proxy.port, request + right + "\r\n")
        #expect(answered.hasPrefix("HTTP/1.") && answered.hasSuffix(" 200 OK"), "\(answered)")
    }
}
