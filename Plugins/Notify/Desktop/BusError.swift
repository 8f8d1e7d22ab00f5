import Glibc

/// A failed sd-bus operation: either a local errno (connecting, building or sending a message) or a
/// D-Bus error reply from the other side (`name` set, e.g. org.freedesktop.DBus.Error.ServiceUnknown).
struct BusError: Error, Sendable, CustomStringConvertible {
    var name: String?
    var message: String
    var errno: Int32?

    /// From a negative return value of an sd-bus function.
    init(_ operation: String, returned result: Int32) {
        name = nil
        errno = -result
        message = "\(operation): \(String(cString: strerror(-result)))"
    }

    /// A D-Bus error (an error reply, or one sd-bus made up for a local failure such as a timeout).
    init(name: String, message: String, errno: Int32) {
        self.name = name
        self.message = message
        self.errno = errno
    }

    var description: String { name.map { "\($0): \(message)" } ?? message }

    /// No server owns the name, or D-Bus could not start one (no X display for dunst, …).
    var meansNoServer: Bool {
        guard let name else { return false }
        return name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
            || name.hasPrefix("org.freedesktop.DBus.Error.Spawn.")
    }

    var meansTimeout: Bool {
        name == "org.freedesktop.DBus.Error.NoReply" || name == "org.freedesktop.DBus.Error.Timeout" || errno == ETIMEDOUT
    }

}
