import Foundation
import PluginTesting
import Testing

/// What `linkstr-publish-bench` reports for a short run: one line per relay kind with the median and
/// 95th percentile round trip, after publishes both relays accepted.
@Suite struct PublishBenchOutputTests {
    @Test func aShortRunPrintsOneLinePerRelayKind() throws {
        let result = try ProcessRunner.run(
            BuildProducts.directory + "/linkstr-publish-bench", ["--count", "5", "--warm-up", "1"], environment: ["PATH": "/usr/bin:/bin"],
            timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "publish round trip (EVENT → OK) to a relay on 127.0.0.1: 5 publishes after 1 warm-up", "\(result.stdout)")
        for kind in ["rust", "nostr-relay"] {
            let row = try #require(lines.first { $0.hasPrefix(kind + " ") }, "\(result.stdout)")
            let times = row.split(separator: " ").dropFirst().filter { $0 != "ms" }.compactMap { Double($0) }
            #expect(times.count == 2 && times.allSatisfy { $0 > 0 } && times[0] <= times[1], "\(row)")
        }
    }
}
