import Glibc

/// A program that could not be started.
struct ChildProcessError: Error, Sendable, CustomStringConvertible {
    var operation: String
    var errno: Int32

    var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}
