import CSystemd
import Glibc
import LinkstrPluginKit
import NotifierKit
import Synchronization

/// The desktop notifier's bus thread. It owns the one D-Bus connection — made on first use, made
/// again after the bus went away — sends the server one call at a time, and in between waits in
/// `poll` for the server's signals (ActionInvoked, NotificationClosed) and for new work (a byte on a
/// wake-up socket).
///
/// One connection for both directions matters: servers such as GNOME Shell send ActionInvoked only
/// to the connection that created the notification, and drop its actions when it disconnects.
///
/// Thread rules: `probe`, `notify` and `stop` may be called from any thread; they queue a request,
/// wake the bus thread and wait for its answer. The properties marked "bus thread" are touched only
/// by the thread `init` starts; `stop` joins it.
final class NotificationBus: @unchecked Sendable {
    private struct Queue {
        var requests: [BusRequest] = []
        var stopping = false
    }

    let settings: DesktopSettings
    let host: PluginHost
    let actions: ActionHandlerSlot
    private let queue = Mutex(Queue())
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var thread = pthread_t()

    // Bus thread only.
    var connection: BusConnection?
    var capabilities: Set<String>?
    /// The unique name (":1.42") of the server that answered our last Notify; signals from anyone
    /// else are ignored.
    var serverName: String?
    var shown = ShownNotifications()

    init(settings: DesktopSettings, host: PluginHost, actions: ActionHandlerSlot) throws(PluginError) {
        self.settings = settings
        self.host = host
        self.actions = actions
        var descriptors: [Int32] = [-1, -1]
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &descriptors) == 0 else {
            throw PluginError(.internal, "cannot create the wake-up socket of the D-Bus thread: \(String(cString: strerror(errno)))")
        }
        wakeRead = descriptors[0]
        wakeWrite = descriptors[1]
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let bus = Unmanaged<NotificationBus>.fromOpaque(context!).takeRetainedValue()
            bus.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<NotificationBus>.fromOpaque(context).release()
            close(wakeRead)
            close(wakeWrite)
            throw PluginError(.internal, "cannot start the D-Bus thread: \(String(cString: strerror(result)))")
        }
    }

    /// Connects if needed and asks the server who it is. Answers "name version by vendor".
    func probe() throws(PluginError) -> String {
        let answer = Rendezvous<Result<String, PluginError>>()
        submit(.probe(answer))
        return try answer.wait().get()
    }

    /// Shows `message`; returns when the server has accepted it, or at once when cancelled.
    func notify(_ message: NotificationMessage, cancellation: DeliveryCancellation) throws(PluginError) {
        let answer = Rendezvous<Result<Void, PluginError>>()
        cancellation.onCancel { answer.fulfil(.failure(PluginError(.cancelled, "cancelled before the server answered"))) }
        submit(.notify(message, cancellation, answer))
        try answer.wait().get()
    }

    /// Stops the bus thread and waits for it: queued requests are answered "cancelled", the one in
    /// progress finishes (within `timeout_seconds`), the connection is closed.
    func stop() {
        queue.withLock { $0.stopping = true }
        wake()
        pthread_join(thread, nil)
        close(wakeRead)
        close(wakeWrite)
    }

    private func submit(_ request: BusRequest) {
        let accepted = queue.withLock { queue in
            guard !queue.stopping else { return false }
            queue.requests.append(request)
            return true
        }
        guard accepted else {
            request.abandon(PluginError(.cancelled, "the desktop notifier is shutting down"))
            return
        }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // a full socket already means "wake up"
    }

    // MARK: Bus thread

    private func run() {
        while true {
            drainWakeups()
            let (requests, stopping) = queue.withLock { queue in
                defer { queue.requests.removeAll() }
                return (queue.requests, queue.stopping)
            }
            if stopping {
                requests.forEach { $0.abandon(PluginError(.cancelled, "the desktop notifier is shutting down")) }
                break
            }
            requests.forEach(handle)
            dispatchIncoming()
            waitForActivity()
        }
        dropConnection()
    }

    private func handle(_ request: BusRequest) {
        switch request {
        case .probe(let answer):
            answer.fulfil(Result { () throws(PluginError) in try describeServer() })
        case .notify(let message, let cancellation, let answer):
            guard !cancellation.isCancelled else { return }  // its answer was given when it was cancelled
            answer.fulfil(Result { () throws(PluginError) in try show(message) })
        }
    }

    /// Runs the handlers of whatever the bus has delivered (signals).
    private func dispatchIncoming() {
        guard let connection else { return }
        do {
            while try connection.process() {}
        } catch {
            host.log(.warn, "lost the D-Bus connection (\(error)); the next notification reconnects")
            dropConnection()
        }
    }

    private func waitForActivity() {
        var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var timeout: Int32 = -1
        if let connection {
            let request = connection.pollRequest()
            descriptors.append(request.descriptor)
            timeout = request.timeoutMilliseconds
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)  // EINTR: the loop polls again
    }

    private func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    func dropConnection() {
        connection = nil
        capabilities = nil
        serverName = nil
        shown = ShownNotifications()
    }
}
