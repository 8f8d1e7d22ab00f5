import LinkstrPluginKit
import NIOPosix
import Synchronization

/// One relay of the pool: its flags and status, the task that keeps it connected, the queue of
/// frames for the open connection, the publishes that go to it and its NIP-42 state.
///
/// The relay's task (``run()``) connects, serves the connection, and after a drop waits a backoff
/// and connects again, until ``stop(status:reason:)`` cancels it. Frames are written in the order
/// they are queued; the relay answers a connection's messages in order, which is how an OK without
/// an event id is matched (see ``RelayConnection/handleOK(eventID:accepted:message:)``).
///
/// Thread rule: thread-safe. Lock order: the pool's lock, then this relay's, then an operation's;
/// no host call is made while any of them is held.
final class RelayConnection: Sendable {
    let url: String
    let pool: TransportInstance
    let state: Mutex<State>
    /// How long a connection's event loop outlives the end of its connection (or its stop) before it
    /// is shut down: long enough for a WebSocket opening or closing on it to finish.
    static let loopShutdownGrace: Duration = .seconds(2)

    struct State {
        var flags: UInt32
        var status: RelayStatus
        var error: String?
        /// Set once the relay left the pool or was disabled; its task is cancelled.
        var stopped = false
        var task: Task<Void, Never>?
        /// The event loop of the current connection attempt (see ``serveOneConnection()``), and the attempt.
        var eventLoops: MultiThreadedEventLoopGroup?
        var attempt: ConnectionAttempt?
        /// The write queue of the open connection; nil while not connected.
        var outbox: AsyncStream<String>.Continuation?
        /// Counts connections, so that work started on one connection is not applied to the next.
        var connection = 0
        /// Publishes that go to this relay, by operation id.
        var publishes: [UInt64: PublishOperation] = [:]
        /// Ids of the events sent on this connection whose OK has not come yet, oldest first.
        var awaitingOK: [String] = []
        var authentication = RelayAuthentication()
        var counters = RelayCounters()

        var isConnected: Bool { outbox != nil }
        var isReadable: Bool { flags & RelayEndpoint.read != 0 }
        var isWritable: Bool { flags & RelayEndpoint.write != 0 }
    }

    init(endpoint: RelayEndpoint, pool: TransportInstance) {
        self.url = endpoint.url
        self.pool = pool
        self.state = Mutex(State(flags: endpoint.flags, status: endpoint.isEnabled ? .connecting : .disabled))
    }

    var bridge: HostBridge { pool.bridge }

    // MARK: Lifetime

    /// Starts the relay's task. Call once, for an enabled relay.
    func start() {
        let task = Task { await self.run() }
        let stale = state.withLock { state -> Bool in
            guard !state.stopped else { return true }
            state.task = task
            return false
        }
        if stale { task.cancel() }
    }

    /// Cancels the task and closes the connection; the status stays `status` from now on. Returns
    /// the publishes that were waiting on this relay, for the pool to settle.
    func stop(status: RelayStatus, reason: String) -> [PublishOperation] {
        state.withLock { state in
            state.stopped = true
            state.status = status
            state.error = reason
            state.task?.cancel()
            state.task = nil
            state.outbox?.finish()
            state.outbox = nil
            // Finishing the outbox starts a clean close, and a WebSocket that opens now closes at once
            // (the relay is stopped); either then shuts its event loop down itself. Only after a
            // grace period is the loop shut down from here, for a server that never finishes the
            // handshake or the close: shutting it down at once would pull it from under a WebSocket
            // opening or closing on it (NIO's "Cannot schedule tasks on an EventLoop that has
            // already shut down"). A command that ends meanwhile leaves without waiting for it.
            if let eventLoops = state.eventLoops {
                let attempt = state.attempt
                Task {
                    try? await Task.sleep(for: Self.loopShutdownGrace)
                    // One that opens from now on is not served (its loop is going away).
                    _ = attempt?.stopUnlessOpened()
                    try? await eventLoops.shutdownGracefully()
                }
            }
            state.eventLoops = nil
            state.attempt = nil
            defer { state.publishes.removeAll() }
            return Array(state.publishes.values)
        }
    }

    /// Changes the flags of a running relay. Returns the flags it had.
    func setFlags(_ flags: UInt32) -> UInt32 {
        state.withLock { state in
            defer { state.flags = flags }
            return state.flags
        }
    }

    var flags: UInt32 { state.withLock { $0.flags } }

    var snapshot: RelaySnapshot {
        state.withLock { RelaySnapshot(url: url, flags: $0.flags, status: $0.status, error: $0.error, counters: $0.counters) }
    }

    // MARK: Status

    /// Records and reports a status change, unless the relay was stopped meanwhile.
    func report(_ status: RelayStatus, error: String?) {
        let changed = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.status = status
            state.error = error
            return true
        }
        if changed { bridge.relayStatus(relay: url, status: status, error: error) }
    }

    /// A connected relay refused a write for lack of permission: it becomes read-only until it
    /// reconnects.
    func markReadOnly(_ message: String) {
        let changed = state.withLock { state -> Bool in
            guard !state.stopped, state.status == .connected else { return false }
            state.status = .readOnly
            state.error = message
            return true
        }
        if changed { bridge.relayStatus(relay: url, status: .readOnly, error: message) }
    }

    // MARK: Sending

    /// Queues a frame on the open connection; false when not connected.
    @discardableResult
    func send(_ frame: String) -> Bool {
        state.withLock { $0.send(frame) }
    }

    /// Attaches a publish to this relay and sends it now when connected.
    func attach(_ operation: PublishOperation) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.publishes[operation.id] = operation
            state.sendEvent(of: operation, on: url)
        }
    }

    /// Forgets a finished publish (its OK may still come; it then matches nothing).
    func detach(_ operationID: UInt64) {
        state.withLock { _ = $0.publishes.removeValue(forKey: operationID) }
    }
}

extension RelayConnection.State {
    mutating func send(_ frame: String) -> Bool {
        guard let outbox else { return false }
        outbox.yield(frame)
        return true
    }

    /// Sends a publish's EVENT and records it as awaiting OK.
    mutating func sendEvent(of operation: PublishOperation, on relay: String) {
        guard send(operation.frame) else { return }
        awaitingOK.append(operation.event.id)
        operation.markSent(on: relay)
    }
}
