import Logging
import NIOPosix
import NIOSSL
import WSClient

extension RelayConnection {
    /// The relay's task: connect, serve the connection until it ends, wait a backoff, repeat —
    /// until the task is cancelled.
    func run() async {
        let settings = pool.settings
        var backoff = ReconnectBackoff(minimum: settings.reconnectMinimum, maximum: settings.reconnectMaximum)
        var random = SystemRandomNumberGenerator()
        while !Task.isCancelled {
            report(.connecting, error: nil)
            let end = await serveOneConnection()
            if Task.isCancelled { break }
            if end.stayedUp { backoff.reset() }
            let delay = backoff.nextDelay(using: &random)
            report(.failed, error: "\(end.reason); retrying in \(Self.format(delay))")
            bridge.log(.info, "\(url): \(end.reason); retrying in \(Self.format(delay))")
            try? await Task.sleep(for: delay)
        }
    }

    /// One connection: connect (bounded by `connect_timeout_ms`), serve it, and clean up after it.
    ///
    /// Each attempt runs on an event loop of its own. swift-websocket waits for the HTTP upgrade
    /// without a deadline and without reacting to task cancellation, so a server that accepts TCP
    /// (or TLS) and then says nothing would hold the attempt forever; shutting the attempt's event
    /// loop down closes its channel and ends the attempt. ``stop(status:reason:)`` does the same for
    /// an attempt still opening. Whoever ends it first wins (``ConnectionAttempt``): a WebSocket that
    /// opens at that moment is not served on the loop going away.
    private func serveOneConnection() async -> ConnectionEnd {
        let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        // The WebSocket's channel can still be closing on the loop when `connect` returns: shut down
        // at once, the loop refuses the close's last tasks (NIO's "Cannot schedule tasks on an
        // EventLoop that has already shut down", a crash in strict mode). So it goes after the grace
        // period `stop` gives too; a command that ends meanwhile leaves without waiting for it.
        defer {
            Task {
                try? await Task.sleep(for: RelayConnection.loopShutdownGrace)
                try? await eventLoops.shutdownGracefully()
            }
        }
        let attempt = ConnectionAttempt()
        let started = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.eventLoops = eventLoops
            state.attempt = attempt
            return true
        }
        guard started else { return ConnectionEnd(reason: "stopped", stayedUp: false) }
        let (outbox, continuation) = AsyncStream.makeStream(of: String.self)
        let settings = pool.settings
        var reason: String
        do {
            let closeFrame = try await withThrowingTaskGroup(of: ChildOutcome.self) { group in
                group.addTask {
                    let frame = try await WebSocketClient.connect(
                        url: self.url, configuration: self.pool.webSocketConfiguration,
                        tlsConfiguration: self.pool.tlsConfiguration, eventLoopGroup: eventLoops, logger: Self.logger
                    ) { inbound, outbound, _ in
                        // Ended just now (timed out, stopped): its event loop is going away.
                        guard attempt.markOpened() else { return }
                        self.pool.openSession(on: self, outbox: continuation)
                        try await self.serve(inbound: inbound, outbound: outbound, outbox: outbox)
                    }
                    return .closed(frame)
                }
                group.addTask {
                    try? await Task.sleep(for: settings.connectTimeout)
                    if !Task.isCancelled, attempt.timeOutUnlessOpened() {
                        try? await eventLoops.shutdownGracefully()
                    }
                    return .watchdogFinished
                }
                while let outcome = try await group.next() {
                    if case .closed(let frame) = outcome {
                        group.cancelAll()
                        return frame
                    }
                }
                return nil
            }
            reason = Self.describe(closeFrame)
        } catch {
            reason = attempt.timedOut
                ? "no WebSocket connection within \(Self.format(settings.connectTimeout)) (connect_timeout_ms)"
                : Self.describe(error, opened: attempt.isOpened)
        }
        state.withLock { state in
            if state.eventLoops === eventLoops {
                state.eventLoops = nil
                state.attempt = nil
            }
        }
        continuation.finish()
        pool.closeSession(on: self, reason: "connection lost before the relay answered (\(reason))")
        return ConnectionEnd(reason: reason, stayedUp: attempt.stayedUp)
    }

    /// Writes queued frames and reads the relay's messages until either side closes.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, outbox: AsyncStream<String>) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await frame in outbox {
                    try await outbound.write(.text(frame))
                }
                // The outbox ends when the relay is stopped: close the WebSocket properly, so the
                // inbound side ends and the event loop can shut down with nothing in flight.
                try await outbound.close(.normalClosure, reason: nil)
            }
            for try await message in inbound.messages(maxSize: pool.settings.frameLimit) {
                await receive(message)
            }
            group.cancelAll()
        }
    }

    // MARK: Support

    private enum ChildOutcome: Sendable {
        case closed(WebSocketCloseFrame?)
        case watchdogFinished
    }

    /// How a connection ended, for the status line and the backoff.
    struct ConnectionEnd {
        var reason: String
        /// The connection was open long enough to count as healthy (the backoff starts over).
        var stayedUp: Bool
    }

    /// swift-websocket logs nothing through this logger; the pool reports through the host's log.
    static let logger = Logger(label: "org.linkstr.transport.relay-pool", factory: { _ in SwiftLogNoOpLogHandler() })

    static func describe(_ frame: WebSocketCloseFrame?) -> String {
        guard let frame else { return "the relay closed the connection" }
        let reason = frame.reason.map { $0.isEmpty ? "" : ": \($0)" } ?? ""
        return "the relay closed the connection (\(frame.closeCode)\(reason))"
    }

    static func describe(_ error: any Error, opened: Bool) -> String {
        if let error = error as? WebSocketClientError {
            if error == .serverSentMessageTooLarge {
                return "the relay sent a message larger than the frame limit (4 × max_message_bytes)"
            }
            return opened ? "WebSocket error: \(error)" : "WebSocket upgrade failed: \(error)"
        }
        if let error = error as? NIOSSLError {
            return "TLS failed: \(error) (for a private CA, set ca_file)"
        }
        if let error = error as? BoringSSLError {
            return "TLS failed: \(error) (for a private CA, set ca_file)"
        }
        let text = NetworkErrorText.describe(error) ?? String(describing: error)
        if text.contains("cannotUseIPAddressInSNI") {
            return "TLS failed: a wss:// relay needs a host name, not an IP address (it is sent as TLS SNI)"
        }
        return opened ? "connection error: \(text)" : "cannot connect: \(text)"
    }

    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds / 100) / 10) s"
    }
}
