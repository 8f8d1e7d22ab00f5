import Dispatch

extension Duration {
    /// The duration for Dispatch's timers and waits (nanosecond precision, clamped).
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return .nanoseconds(overflow ? Int.max : Int(clamping: nanoseconds + attoseconds / 1_000_000_000))
    }
}
