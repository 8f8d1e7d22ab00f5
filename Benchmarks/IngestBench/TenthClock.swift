import Glibc
import Synchronization

/// When each tenth of the wraps had been handed to the ingest, for the rate of each tenth: how the
/// rate moves as the store fills, within one run. The first tenth includes the wraps handed to the
/// unwrap workers before the engine had any back (the pool's window); later tenths hold more
/// repeats, which are not unwrapped again. Thread-safe.
final class TenthClock: Sendable {
    let count: Int
    private let start: Double
    private let marks = Mutex<[Double]>([])

    init(count: Int, start: Double) {
        self.count = count
        self.start = start
    }

    /// Called after each wrap with how many were handed on; notes the time at every tenth.
    func received(_ handed: Int) {
        guard handed * 10 % count < 10, handed * 10 / count > marks.withLock({ $0.count }) else { return }
        let time = Self.now()
        marks.withLock { $0.append(time) }
    }

    /// Wraps per second in each tenth noted so far.
    var rates: [Double] {
        let marks = self.marks.withLock { $0 }
        let tenth = Double(count) / 10
        return zip([start] + marks, marks).map { tenth / ($1 - $0) }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
