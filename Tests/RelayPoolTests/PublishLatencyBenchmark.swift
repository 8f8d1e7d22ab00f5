import Foundation
import LinkstrHost
import NostrCore
import Testing

/// Publish round trip (EVENT → OK, through the plugin ABI and the async wrapper) to a relay on
/// 127.0.0.1. Off by default; run with
/// `LINKSTR_BENCH=1 swiftlock swift test -c release --filter PublishLatency`.
@Suite("PublishLatency", .serialized, .enabled(if: ProcessInfo.processInfo.environment["LINKSTR_BENCH"] == "1"))
struct PublishLatencyBenchmark {
    @Test("sequential publishes: median and 95th percentile round trip", arguments: TestRelay.Kind.allCases)
    func roundTrip(kind: TestRelay.Kind) async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let relay = try await TestRelay.start(kind, scratch: scratch)
        let harness = try PoolHarness()
        try await harness.connect([relay.url])
        let events = try (0..<220).map { try harness.event(content: "bench \($0)") }
        var samples: [Duration] = []
        for (index, event) in events.enumerated() {
            let start = ContinuousClock.now
            _ = try await harness.pool.publish(event, timeout: .seconds(5))
            if index >= 20 { samples.append(ContinuousClock.now - start) }  // the first 20 warm up
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p95 = samples[samples.count * 95 / 100]
        print("BENCH publish round trip \(kind.rawValue): median \(median), p95 \(p95) over \(samples.count) publishes")
        #expect(median < .seconds(1))
    }
}
