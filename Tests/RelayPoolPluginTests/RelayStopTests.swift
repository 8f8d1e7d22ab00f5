import Glibc
import LinkstrPluginKit
import NIOCore
import NIOPosix
import PluginTesting
import Synchronization
import Testing

@testable import RelayPoolPlugin

/// Stopping a relay whose WebSocket is still opening. The attempt's event loop must outlive the
/// stop by the grace period: shut down at once, it would be pulled from under a handshake that
/// completes at that moment, and SwiftNIO reports "Cannot schedule tasks on an EventLoop that has
/// already shut down" (a crash under `SWIFTNIO_STRICT`). Each step is ordered by the test, not by
/// timing luck.
@Suite("Relay pool: a relay stopped while its WebSocket opens")
struct RelayStopTests {
    @Test("the attempt's event loop still runs work after the stop; after the grace period a WebSocket that opens is not served")
    func stopWhileOpeningKeepsTheLoopForTheGracePeriod() async throws {
        let server = try SilentServer()
        defer { server.close() }
        let host = FakeHost(pluginID: "org.linkstr.transport.relay-pool", config: ["connect_timeout_ms": "60000"])
        let table = HostServicesTable(provider: host)
        let pool = try TransportInstance(host: PluginHost(table.pointer))
        let relay = RelayConnection(endpoint: try RelayEndpoint(url: "ws://127.0.0.1:\(server.port)", flags: RelayEndpoint.read), pool: pool)
        relay.start()

        // The attempt is under way (its loop exists) and its TCP connection is accepted by the
        // kernel; the server never answers the upgrade, so the WebSocket stays "opening".
        var eventLoops: MultiThreadedEventLoopGroup?
        for _ in 0..<500 where eventLoops == nil {
            eventLoops = relay.state.withLock { $0.eventLoops }
            if eventLoops == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let loops = try #require(eventLoops, "the relay never started a connection attempt")
        try server.waitForConnection()
        let attempt = try #require(relay.state.withLock { $0.attempt })
        #expect(!attempt.isOpened)

        _ = relay.stop(status: .disabled, reason: "stopped by the test")
        try await Task.sleep(for: .milliseconds(300))
        #expect(await Self.runsWork(loops), "the loop of an opening WebSocket was shut down at the stop")

        // After the grace period, a WebSocket that opens is not served (its loop is going away).
        try await Task.sleep(for: .milliseconds(2_200))
        #expect(!attempt.markOpened(), "a WebSocket opening after the stop would be served")
    }

    /// Whether `loops` runs a job within a second. A loop already shut down drops the job (SwiftNIO
    /// logs it and never completes the future), so the wait is bounded here.
    private static func runsWork(_ loops: MultiThreadedEventLoopGroup) async -> Bool {
        let answered = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            answered.withLock { $0 = continuation }
            let resume = { @Sendable (value: Bool) in answered.withLock { $0.take() }?.resume(returning: value) }
            loops.next().execute { resume(true) }
            Task {
                try? await Task.sleep(for: .seconds(1))
                resume(false)
            }
        }
    }
}

/// A TCP listener on 127.0.0.1 that never accepts: the kernel completes the handshake into the
/// backlog, so a client's WebSocket upgrade request waits for an answer that never comes.
private struct SilentServer {
    let socket: Int32
    let port: UInt16

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw SilentServerError(reason: "cannot listen on 127.0.0.1: errno \(errno)") }
        self.socket = socket
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Waits (up to 10 s) until a client's connection is in the backlog.
    func waitForConnection() throws {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 10_000) == 1 else { throw SilentServerError(reason: "no client connected within 10 s") }
    }

    func close() { _ = Glibc.close(socket) }
}

private struct SilentServerError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
