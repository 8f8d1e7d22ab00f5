import CSystemd

/// An outgoing D-Bus method call under construction, built with sd-bus's non-variadic appenders.
///
/// Thread rule: confined to the thread that owns the connection it was made on.
final class BusMessage {
    let pointer: OpaquePointer

    init(methodCallOn bus: OpaquePointer, destination: String, path: String, interface: String, member: String) throws(BusError) {
        var message: OpaquePointer?
        let result = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
        guard result >= 0, let message else { throw BusError("creating the \(member) call", returned: result) }
        pointer = message
    }

    deinit {
        sd_bus_message_unref(pointer)
    }

    func append(_ value: String) throws(BusError) {
        try check(value.withCString { sd_bus_message_append_basic(pointer, type("s"), $0) })
    }

    func append(_ value: UInt32) throws(BusError) {
        var value = value
        try check(sd_bus_message_append_basic(pointer, type("u"), &value))
    }

    func append(_ value: Int32) throws(BusError) {
        var value = value
        try check(sd_bus_message_append_basic(pointer, type("i"), &value))
    }

    /// An `as`.
    func append(_ strings: [String]) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, type("a"), "s"))
        for string in strings { try append(string) }
        try check(sd_bus_message_close_container(pointer))
    }

    /// An `a{sv}`.
    func append(_ dictionary: [(key: String, value: BusVariant)]) throws(BusError) {
        try check(sd_bus_message_open_container(pointer, type("a"), "{sv}"))
        for (key, value) in dictionary {
            try check(sd_bus_message_open_container(pointer, type("e"), "sv"))
            try append(key)
            switch value {
            case .string(let string):
                try check(sd_bus_message_open_container(pointer, type("v"), "s"))
                try append(string)
            case .byte(var byte):
                try check(sd_bus_message_open_container(pointer, type("v"), "y"))
                try check(sd_bus_message_append_basic(pointer, type("y"), &byte))
            }
            try check(sd_bus_message_close_container(pointer))
            try check(sd_bus_message_close_container(pointer))
        }
        try check(sd_bus_message_close_container(pointer))
    }

    private func check(_ result: Int32) throws(BusError) {
        guard result >= 0 else { throw BusError("building a D-Bus message", returned: result) }
    }
}

/// A D-Bus type code as sd-bus takes it.
func type(_ code: Unicode.Scalar) -> CChar {
    CChar(UInt8(ascii: code))
}
