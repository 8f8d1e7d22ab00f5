import Foundation
import Testing

/// The test servers choose their own ports and say which: a port chosen by the test and bound
/// later by the server could be taken in between on a busy machine ("Address already in use").
@Suite("Test servers bind a port of their own and report it", .timeLimit(.minutes(1)))
struct TestServerPortTests {
    @Test("relays of each kind, started at once, each serve at the port their URL names")
    func eachServerReportsThePortItBound() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        async let rust = TestRelay.start(.rust, scratch: scratch)
        async let otherRust = TestRelay.start(.rust, scratch: scratch)
        async let nostrRelay = TestRelay.start(.nostrRelay, scratch: scratch)
        async let misbehaving = TestRelay.misbehaving("silent")
        let relays = try await [rust, otherRust, nostrRelay, misbehaving]
        #expect(Set(relays.map(\.port)).count == relays.count)
        #expect(relays.allSatisfy { $0.port > 0 && $0.url.hasSuffix(":\($0.port)") })
        let harness = try PoolHarness()
        try await harness.connect(relays.prefix(3).map(\.url))
    }
}
