import Foundation
import PluginTesting
import Testing

/// What `linkstr-ingest-bench` reports for a small run: the stored state checked against what was
/// sent, the rate of each tenth of the run, and the line `scripts/bench-ingest.sh` reads.
@Suite struct IngestBenchOutputTests {
    @Test func aSmallRunIsCheckedAndReportsEachTenth() throws {
        let result = try ProcessRunner.run(
            BuildProducts.directory + "/linkstr-ingest-bench", ["--count", "1000", "--workers", "2"], environment: ["PATH": "/usr/bin:/bin"],
            timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("check: ok") }, "\(result.stdout)")
        let tenths = try #require(lines.first { $0.hasPrefix("each tenth (wraps/s, as handed to the ingest): ") })
        let rates = tenths.split(separator: ":").last?.split(separator: " ").compactMap { Double($0) } ?? []
        #expect(rates.count == 10, "\(tenths)")
        #expect(rates.allSatisfy { $0 > 0 }, "\(tenths)")
        let resultLine = try #require(lines.first { $0.hasPrefix("RESULT ") })
        for field in ["count=1000 ", "workers=2 ", "check=ok"] { #expect(resultLine.contains(field), "\(resultLine)") }
    }
}
