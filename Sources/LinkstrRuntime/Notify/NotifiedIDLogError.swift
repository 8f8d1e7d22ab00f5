/// The log of sent notifications could not be written.
struct NotifiedIDLogError: Error, Equatable, Sendable, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }
}
