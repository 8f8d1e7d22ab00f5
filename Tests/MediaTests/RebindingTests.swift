import Foundation
import Synchronization
import Testing

@testable import LinkstrMediaKit

/// DNS rebinding: a name that resolves to an allowed address when it is checked and to loopback
/// afterwards. Metadata and thumbnail requests must connect only to an address that was checked.
@Suite(.serialized) struct RebindingTests {
    /// Answers `first` for the first lookup and 127.0.0.1 for every later one.
    final class RebindingResolver: Sendable {
        let first: String
        private let count = Mutex(0)

        init(first: String) {
            self.first = first
        }

        var lookups: Int { count.withLock { $0 } }

        func resolve(_ host: String) throws(FetchError) -> [AddressPolicy.Address] {
            let lookup = count.withLock { count in
                count += 1
                return count
            }
            return try AddressPolicy.resolve(lookup == 1 ? first : "127.0.0.1")
        }
    }

    private func fetch(_ url: String, reach: AddressPolicy.Reach, resolver: RebindingResolver) async throws(FetchError) -> HTTPFetcher.Response {
        let fetcher = HTTPFetcher(policy: AddressPolicy(reach: reach, resolve: resolver.resolve), userAgent: "linkstr-test")
        defer { fetcher.invalidate() }
        return try await fetcher.fetch(
            HTTPFetcher.Request(url: URL(string: url)!, timeout: .seconds(2), maxBytes: 65536, accept: "text/html"))
    }

    @Test func aPublicAnswerAtTheCheckThenLoopbackNeverReachesLoopback() async throws {
        let victim = try RecordingListener(address: "127.0.0.1")
        defer { victim.stop() }
        // 192.0.2.1 (TEST-NET-1) counts as public and answers nothing here.
        let resolver = RebindingResolver(first: "192.0.2.1")
        let outcome: Result<HTTPFetcher.Response, FetchError>
        do throws(FetchError) {
            outcome = .success(try await fetch("http://localhost:\(victim.port)/", reach: .publicOnly, resolver: resolver))
        } catch {
            outcome = .failure(error)
        }
        #expect(victim.connections == 0, "the loopback service was reached: \(outcome)")
        switch outcome {
        case .success(let response):
            Issue.record("fetched \(String(decoding: response.body, as: UTF8.self))")
        case .failure(let error):
            let atTheCheckedAddress = if case .timeout = error { true } else { error.description.contains("192.0.2.1") }
            #expect(atTheCheckedAddress, "\(error)")
        }
        #expect(resolver.lookups == 1)
    }

    @Test func theConnectionGoesToTheAddressThatWasChecked() async throws {
        let checked = try RecordingListener(address: "127.0.0.2")
        defer { checked.stop() }
        let victim = try RecordingListener(address: "127.0.0.1", port: checked.port)
        defer { victim.stop() }
        let resolver = RebindingResolver(first: "127.0.0.2")
        let response = try await fetch("http://localhost:\(checked.port)/", reach: .loopbackAllowed, resolver: resolver)
        #expect(String(decoding: response.body, as: UTF8.self).contains("served by 127.0.0.2"))
        #expect(checked.connections == 1 && victim.connections == 0)
        #expect(resolver.lookups == 1)
    }
}
