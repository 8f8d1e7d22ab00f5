/// Exponential reconnect delays with jitter: the n-th consecutive failure waits
/// `min(maximum, minimum × 2ⁿ)` scaled by a random factor in 0.5…1, so that many clients that lost
/// the same relay do not come back in lockstep.
///
/// Thread rule: a value type owned by one relay's task.
struct ReconnectBackoff {
    let minimum: Duration
    let maximum: Duration
    private(set) var failures = 0

    init(minimum: Duration, maximum: Duration) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The delay before the next attempt; counts one more failure.
    mutating func nextDelay<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Duration {
        let exponent = min(failures, 30)
        failures += 1
        let ceiling = min(maximum, minimum * (1 << exponent))
        return ceiling * Double.random(in: 0.5...1.0, using: &generator)
    }

    /// Forgets the failures after a connection that stayed up.
    mutating func reset() {
        failures = 0
    }
}
