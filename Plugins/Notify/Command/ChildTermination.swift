/// How a notification command ended.
enum ChildTermination: Equatable, Sendable {
    case exited(status: Int32)
    case signaled(signal: Int32)
    /// It ran past its timeout; its process group was stopped.
    case timedOut
    /// The delivery was cancelled; its process group was stopped.
    case cancelled
}
