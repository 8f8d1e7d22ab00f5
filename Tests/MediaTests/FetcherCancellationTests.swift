import Foundation
import Testing

@testable import LinkstrMediaKit

/// A fetch stops when its task is cancelled or the fetcher is invalidated, well before its timeout.
@Suite struct FetcherCancellationTests {
    private func stalledFetch(_ fetcher: HTTPFetcher) throws -> Task<FetchError?, Never> {
        let url = try #require(URL(string: try FixtureServer.start().url("/stall")))
        return Task {
            do throws(FetchError) {
                _ = try await fetcher.fetch(HTTPFetcher.Request(url: url, timeout: .seconds(60), maxBytes: 1024, accept: "text/html"))
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func cancellingTheTaskCancelsTheFetch() async throws {
        let fetcher = HTTPFetcher(policy: AddressPolicy(setting: "loopback"), userAgent: "linkstr-test")
        defer { fetcher.invalidate() }
        let fetch = try stalledFetch(fetcher)
        try await Task.sleep(for: .milliseconds(300))
        fetch.cancel()
        #expect(await fetch.value == .cancelled)
    }

    @Test func invalidatingCancelsWhatIsInFlightAndWhatComesAfter() async throws {
        let fetcher = HTTPFetcher(policy: AddressPolicy(setting: "loopback"), userAgent: "linkstr-test")
        let fetch = try stalledFetch(fetcher)
        try await Task.sleep(for: .milliseconds(300))
        fetcher.invalidate()
        #expect(await fetch.value == .cancelled)
        #expect(await (try stalledFetch(fetcher)).value == .cancelled)
    }
}
