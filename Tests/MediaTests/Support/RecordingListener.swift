import Foundation
import Glibc
import Synchronization
import TestSupport

/// A TCP listener on one loopback address that counts the connections it accepts and answers each
/// with a small page whose title names that address (`/hop`: a redirect to `/` instead).
final class RecordingListener: Sendable {
    let address: String
    let port: UInt16
    private let listener: Int32
    private let accepted = Mutex(0)
    private let loopEnded = DispatchSemaphore(value: 0)

    /// Listens on `address` (an IPv4 loopback address) and `port` (0: a free one).
    init(address: String, port: UInt16 = 0) throws {
        let socket = try LoopbackSocket(address: address, port: port)
        self.address = address
        self.port = socket.port
        listener = socket.descriptor
        Thread { [self] in acceptLoop() }.start()
    }

    /// How many connections were accepted so far.
    var connections: Int { accepted.withLock { $0 } }

    /// Ends the accept loop, then closes the socket. Closing it first would let the loop, still
    /// about to call `accept`, take the descriptor number a later listener gets and answer its
    /// connections in this listener's name.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        loopEnded.wait()
        close(listener)
    }

    private func acceptLoop() {
        defer { loopEnded.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            accepted.withLock { $0 += 1 }
            answer(client)
        }
    }

    private func answer(_ client: Int32) {
        defer { close(client) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) && head.count < 65536 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            head += buffer[0..<count]
        }
        let body = "<html><head><title>served by \(address)</title></head></html>"
        let response = head.starts(with: Array("GET /hop ".utf8))
            ? "HTTP/1.1 302 Found\r\nLocation: /\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            : "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        _ = response.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }
}
