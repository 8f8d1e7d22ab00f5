import Foundation

/// Operations timed in interleaved rounds: every round runs each operation for a short slice, and
/// an operation's result is its best round. On a shared machine, a burst of other work then costs
/// one round of one operation instead of skewing whichever operation happened to run at the time,
/// and the floor and the code held against it are measured under the same conditions.
final class BenchmarkSet {
    private struct Operation {
        let name: String
        let key: String
        let body: () throws -> Void
        var best: Double = 0
    }

    private var operations: [Operation] = []
    private var index: [String: Int] = [:]

    /// Only the operations whose key starts with one of these (comma-separated, from
    /// LINKSTR_BENCH_ONLY) actually run, for profiling one of them; the others report 0.
    private let only = ProcessInfo.processInfo.environment["LINKSTR_BENCH_ONLY"].map { $0.split(separator: ",").map(String.init) }

    /// Adds an operation; `key` names it in the `BENCHDATA` lines and in ``rate(_:)``.
    func add(_ name: String, key: String, _ body: @escaping () throws -> Void) {
        if let only, !only.contains(where: { key.hasPrefix($0) }) { return }
        index[key] = operations.count
        operations.append(Operation(name: name, key: key, body: body))
    }

    /// Runs `rounds` rounds of about `seconds` per operation, then prints each operation's best
    /// (`BENCH name ops/s µs/op` and `BENCHDATA key ops/s`).
    func run(rounds: Int, seconds: Double) throws {
        for position in operations.indices {
            for _ in 0..<20 { try operations[position].body() }  // warm up
        }
        for _ in 0..<rounds {
            for position in operations.indices {
                let rate = try Self.time(operations[position].body, seconds: seconds)
                operations[position].best = max(operations[position].best, rate)
            }
        }
        for operation in operations {
            print(String(format: "BENCH %-52@ %10.0f ops/s %9.2f µs/op", operation.name as NSString, operation.best, 1e6 / operation.best))
            print(String(format: "BENCHDATA %@ %.1f", operation.key as NSString, operation.best))
        }
    }

    /// The best rate measured for `key`.
    func rate(_ key: String) -> Double {
        guard let position = index[key] else { return 0 }
        return operations[position].best
    }

    /// Operations per second of `body` over about `seconds`.
    static func time(_ body: () throws -> Void, seconds: Double) throws -> Double {
        let clock = ContinuousClock()
        var iterations = 0
        let start = clock.now
        let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
        var now = start
        repeat {
            for _ in 0..<10 { try body() }
            iterations += 10
            now = clock.now
        } while now < deadline
        let elapsed = start.duration(to: now)
        let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(iterations) / total
    }
}
