/// Why a configured notifier is not active: not installed, no notifier, a setting it refused.
struct NotifierStartFailure: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
