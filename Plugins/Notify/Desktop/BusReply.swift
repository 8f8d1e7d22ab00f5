import CSystemd
import Glibc

/// A received message (a method reply or a signal), read with sd-bus's non-variadic readers.
///
/// Thread rule: confined to the thread that owns the connection it arrived on.
final class BusReply {
    let pointer: OpaquePointer
    private let owned: Bool

    /// Takes over a reply the caller holds a reference to.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
        owned = true
    }

    /// Reads a message sd-bus lends to a callback.
    init(borrowing pointer: OpaquePointer) {
        self.pointer = pointer
        owned = false
    }

    deinit {
        if owned { sd_bus_message_unref(pointer) }
    }

    /// The unique bus name of the sender (":1.42").
    var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }

    var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }

    func readString() throws(BusError) -> String {
        var value: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(pointer, type("s"), &value)
        guard result > 0, let value else { throw malformed("a string", result) }
        return String(cString: value)
    }

    func readUInt32() throws(BusError) -> UInt32 {
        var value: UInt32 = 0
        let result = sd_bus_message_read_basic(pointer, type("u"), &value)
        guard result > 0 else { throw malformed("a uint32", result) }
        return value
    }

    /// An `as`.
    func readStrings() throws(BusError) -> [String] {
        let entered = sd_bus_message_enter_container(pointer, type("a"), "s")
        guard entered > 0 else { throw malformed("a string array", entered) }
        var strings: [String] = []
        while true {
            var value: UnsafePointer<CChar>?
            let result = sd_bus_message_read_basic(pointer, type("s"), &value)
            guard result >= 0 else { throw malformed("a string array", result) }
            guard result > 0, let value else { break }
            strings.append(String(cString: value))
        }
        _ = sd_bus_message_exit_container(pointer)
        return strings
    }

    /// A read that failed (negative errno) or found nothing (0: the message is shorter than expected).
    private func malformed(_ what: String, _ result: Int32) -> BusError {
        BusError("reading \(what) from a D-Bus message", returned: result < 0 ? result : -EBADMSG)
    }
}
