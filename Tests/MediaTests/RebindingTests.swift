import Foundation
import Synchronization
import Testing
import TestSupport

@testable import LinkstrMediaKit

/// DNS rebinding: a name that resolves to an allowed address when it is checked and to loopback
/// afterwards. Metadata and thumbnail requests must connect only to an address that was checked.
@Suite(.serialized) struct RebindingTests {
    /// Answers `first` for the first `checks` lookups and `then` for every later one, whatever the name.
    final class RebindingResolver: Sendable {
        let first: String
        let then: String
        let checks: Int
        private let count = Mutex(0)

        init(first: String, then: String = "127.0.0.1", checks: Int = 1) {
            self.first = first
            self.then = then
            self.checks = checks
        }

        var lookups: Int { count.withLock { $0 } }

        func resolve(_ host: String) throws(FetchError) -> [AddressPolicy.Address] {
            let lookup = count.withLock { count in
                count += 1
                return count
            }
            return try AddressPolicy.resolve(lookup <= checks ? first : then)
        }
    }

    private func fetch(
        _ url: String, reach: AddressPolicy.Reach, resolver: RebindingResolver, caFile: String? = nil
    ) async throws(FetchError) -> HTTPFetcher.Response {
        let fetcher = HTTPFetcher(policy: AddressPolicy(reach: reach, resolve: resolver.resolve), userAgent: "linkstr-test", caFile: caFile)
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
        let seen = "\(response.status) '\(String(decoding: response.body, as: UTF8.self))'; connections: checked \(checked.connections), victim \(victim.connections); lookups \(resolver.lookups)"
        #expect(String(decoding: response.body, as: UTF8.self).contains("served by 127.0.0.2"), "\(seen)")
        #expect(checked.connections == 1 && victim.connections == 0, "\(seen)")
        #expect(resolver.lookups == 1, "\(seen)")
    }

    @Test func aRedirectHopGoesToTheAddressCheckedForIt() async throws {
        let checked = try RecordingListener(address: "127.0.0.2")
        defer { checked.stop() }
        let victim = try RecordingListener(address: "127.0.0.1", port: checked.port)
        defer { victim.stop() }
        let resolver = RebindingResolver(first: "127.0.0.2", checks: 2)
        let response = try await fetch("http://localhost:\(checked.port)/hop", reach: .loopbackAllowed, resolver: resolver)
        let seen = "\(response.status) '\(String(decoding: response.body, as: UTF8.self))'; connections: checked \(checked.connections), victim \(victim.connections); lookups \(resolver.lookups)"
        #expect(response.url.absoluteString == "http://localhost:\(checked.port)/")
        #expect(String(decoding: response.body, as: UTF8.self).contains("served by 127.0.0.2"), "\(seen)")
        #expect(checked.connections == 2 && victim.connections == 0, "\(seen)")
        #expect(resolver.lookups == 2, "one lookup per hop: \(seen)")
    }

    @Test func overHTTPSTheCheckedAddressIsReachedAndTheCertificateMustNameTheHost() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        // No IP address among its names: TLS also accepts a certificate naming the address connected to.
        let certificates = try TestCertificates(in: scratch, names: "DNS:localhost")
        let pages = try FixtureServer.start()
        let tls = try ExternalProcess(
            script: "tls_proxy.py", ["--target", "\(pages.port)", "--cert", certificates.certificate, "--key", certificates.key])
        let port = try #require(URLComponents(string: try await tls.ready())?.port)
        let victim = try RecordingListener(address: "127.0.0.2", port: UInt16(port))
        defer { victim.stop() }

        let resolver = RebindingResolver(first: "127.0.0.1", then: "127.0.0.2")
        let response = try await fetch(
            "https://localhost:\(port)/og.html", reach: .loopbackAllowed, resolver: resolver, caFile: certificates.authority)
        #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self).contains("og:title"))
        #expect(victim.connections == 0 && resolver.lookups == 1)

        for (url, caFile) in [("https://elsewhere.test:\(port)/og.html", certificates.authority), ("https://localhost:\(port)/og.html", nil)] {
            do throws(FetchError) {
                _ = try await fetch(url, reach: .loopbackAllowed, resolver: RebindingResolver(first: "127.0.0.1"), caFile: caFile)
                Issue.record("\(url) was fetched with ca_file \(caFile ?? "not set")")
            } catch {
                #expect(error.description.contains("TLS failed"), "\(url): \(error)")
            }
        }
    }
}
