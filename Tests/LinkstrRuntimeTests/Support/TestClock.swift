import Synchronization

/// A clock tests move: Unix seconds.
final class TestClock: Sendable {
    private let time: Mutex<Int64>

    init(_ start: Int64) {
        time = Mutex(start)
    }

    var now: Int64 { time.withLock { $0 } }

    func advance(_ seconds: Int64) {
        time.withLock { $0 += seconds }
    }
}
