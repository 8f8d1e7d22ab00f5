/// A program that cannot be run, and why.
struct ExecutableLookupFailure: Error, Sendable, CustomStringConvertible {
    var program: String
    var reason: String

    var description: String { "\(program): \(reason)" }
}
