import Foundation
import PluginTesting
import Testing

/// Posts that end while a slower relay's WebSocket is still opening: the transport's shutdown must
/// not run that connection on an event loop it already shut down. SwiftNIO's strict mode
/// (`SWIFTNIO_STRICT`) turns such a use into a crash instead of an "ERROR: Cannot schedule tasks on
/// an EventLoop that has already shut down" line, as future SwiftNIO versions will.
@Suite("End to end: parallel posts end cleanly", .timeLimit(.minutes(2)))
struct ParallelPostsShutdownTests {
    @Test("rounds of six parallel posts through a fast and a slow relay all end cleanly, even under SwiftNIO's strict mode")
    func parallelPostsEndCleanly() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let fast = try await TestRelay.start(.rust, scratch: scratch)
        let slow = try await TestRelay.start(.nostrRelay, scratch: scratch)
        let home = try LinkstrHome.create(scratch, "home", relays: [fast.url, slow.url])
        let session = try home.json(SessionMembers.self, ["session", "create", "Busy"]).id
        for round in 0..<5 {
            let posts = try (0..<6).map { index in
                try ExternalProcess(
                    executable: BuildProducts.linkstrExecutable, ["post", session, "https://example.com/\(round)/\(index)", "--home", home.path],
                    environment: ProcessRunner.linkstrEnvironment(["SWIFTNIO_STRICT": "1"]))
            }
            for post in posts {
                _ = try await post.finish(timeout: .seconds(30))
                #expect(!post.stderr.contains("EventLoop"), "\(post.stderr)")
            }
        }
    }
}
