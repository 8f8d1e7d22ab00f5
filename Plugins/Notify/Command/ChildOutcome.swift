/// How a notification command ended, and the end of what it wrote to standard error.
struct ChildOutcome: Equatable, Sendable {
    var termination: ChildTermination
    var errorTail: String
}
