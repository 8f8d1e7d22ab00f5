import CSystemd
import Glibc

/// One connection to a D-Bus bus through sd-bus, and the match that delivers the notification
/// server's signals to a handler.
///
/// Thread rule: confined to the thread that opened it (sd-bus objects are not thread-safe); signal
/// handlers run on that thread, inside `process()`.
final class BusConnection {
    let bus: OpaquePointer
    private var signalSlot: OpaquePointer?

    /// Connects to `address`, or to the session bus (`$DBUS_SESSION_BUS_ADDRESS`, else
    /// `$XDG_RUNTIME_DIR/bus`) when nil.
    init(address: String?) throws(BusError) {
        var opened: OpaquePointer?
        var result: Int32
        if let address {
            result = sd_bus_new(&opened)
            if result >= 0 { result = sd_bus_set_address(opened, address) }
            if result >= 0 { result = sd_bus_set_bus_client(opened, 1) }
            if result >= 0 { result = sd_bus_start(opened) }
        } else {
            result = sd_bus_open_user(&opened)
        }
        guard result >= 0, let opened else {
            sd_bus_unref(opened)
            throw BusError("connecting to the bus", returned: result)
        }
        bus = opened
    }

    deinit {
        sd_bus_slot_unref(signalSlot)
        sd_bus_flush_close_unref(bus)
    }

    var isOpen: Bool { sd_bus_is_open(bus) > 0 }

    /// Sends a method call and waits for its reply.
    func call(_ message: BusMessage, timeoutSeconds: Double) throws(BusError) -> BusReply {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message.pointer, UInt64(timeoutSeconds * 1_000_000), &error, &reply)
        guard result >= 0, let reply else {
            if sd_bus_error_is_set(&error) != 0, let name = error.name {
                throw BusError(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "", errno: -result)
            }
            throw BusError("calling the notification server", returned: result < 0 ? result : -EBADMSG)
        }
        return BusReply(taking: reply)
    }

    /// Routes every signal of `interface` on `path` to `handler(message, userdata)`.
    func subscribe(path: String, interface: String, handler: sd_bus_message_handler_t, userdata: UnsafeMutableRawPointer) throws(BusError) {
        var slot: OpaquePointer?
        let result = sd_bus_match_signal(bus, &slot, nil, path, interface, nil, handler, userdata)
        guard result >= 0 else { throw BusError("subscribing to \(interface) signals", returned: result) }
        sd_bus_slot_unref(signalSlot)
        signalSlot = slot
    }

    /// Handles what arrived (runs signal handlers). Returns true when there may be more to do.
    func process() throws(BusError) -> Bool {
        let result = sd_bus_process(bus, nil)
        guard result >= 0 else { throw BusError("reading from the bus", returned: result) }
        return result > 0
    }

    /// What to wait for before calling `process()` again: the descriptor, its poll events, and a
    /// timeout in milliseconds (-1 for none).
    func pollRequest() -> (descriptor: pollfd, timeoutMilliseconds: Int32) {
        let descriptor = pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: max(sd_bus_get_events(bus), 0)), revents: 0)
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return (descriptor, -1) }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        let remaining = deadline > nowMicroseconds ? (deadline - nowMicroseconds + 999) / 1000 : 0
        return (descriptor, Int32(min(remaining, UInt64(Int32.max))))
    }
}
