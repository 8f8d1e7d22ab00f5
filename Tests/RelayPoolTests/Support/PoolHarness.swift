import Foundation
import LinkstrHost
import LinkstrPluginKit
import LinkstrRuntime
import NostrCore
import PluginABI
import PluginTesting

/// The relay-pool plugin loaded from the build folder through the real loader into a `FakeHost`
/// (clock set to the real time, quick reconnects), wrapped in the host's `RelayClient`, with an account
/// whose signer the host offers as `LKH_SERVICE_SIGNER_V1`.
final class PoolHarness: Sendable {
    let host: FakeHost
    let instance: PluginInstance
    let pool: RelayClient
    let account: LocalSigner
    let signerService: SignerService

    /// - Parameters:
    ///   - settings: the plugin's configuration section (defaults: reconnect after 50…400 ms).
    ///   - offersSigner: whether the host offers the signer service.
    init(settings: [String: String] = [:], offersSigner: Bool = true, account: LocalSigner = LocalSigner(keypair: .generate())) throws {
        var config = ["reconnect_min_ms": "50", "reconnect_max_ms": "400", "connect_timeout_ms": "3000"]
        config.merge(settings) { $1 }
        host = FakeHost(pluginID: "org.linkstr.transport.relay-pool", config: config)
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        host.advanceClock(nanoseconds: UInt64(now - host.wallClockNanoseconds()))
        self.account = account
        signerService = SignerService(signer: account)
        if offersSigner {
            host.offerService(LKH_SERVICE_SIGNER_V1, signerService.table(for: "org.linkstr.transport.relay-pool", kinds: [22242]))
        }
        instance = try host.load(path: BuildProducts.plugin("relay-pool"))
        pool = try RelayClient(transport: RelayTransport(try instance.capability(LKH_CAP_TRANSPORT_V1, as: lkh_transport_v1.self)))
    }

    /// Sets the relays (read and write) and waits until each of them is connected.
    func connect(_ urls: [String], timeout: Duration = .seconds(10)) async throws {
        try pool.setRelays(urls.map { RelayConfiguration(url: $0) })
        do {
            try await waitFor("\(urls) connected", timeout: timeout) { urls.allSatisfy { self.pool.statuses[$0]?.isConnected == true } }
        } catch {
            throw TestFailure("\(error); the pool says \(pool.relayStates().map { "\($0.url): \($0.status) \($0.error ?? "")" })")
        }
    }

    /// The state `describe` reports for `url`.
    func state(_ url: String) -> RelayState? {
        pool.relayStates().first { $0.url == url }
    }

    /// A signed event of `kind` by a fresh key (or `signer`).
    func event(kind: Int = 1, content: String = "hello", tags: [[String]] = [], createdAt: Int64? = nil, signer: LocalSigner? = nil)
        throws -> Event
    {
        let signer = signer ?? LocalSigner(keypair: .generate())
        return try signer.sign(
            UnsignedEvent(pubkey: signer.publicKey, createdAt: createdAt ?? Int64(Date().timeIntervalSince1970), kind: kind, tags: tags,
                          content: content))
    }

    /// Host log lines from the plugin.
    var log: [String] { host.logLines.map(\.message) }
}

/// Polls `condition` every 20 ms until it holds or `timeout` passes.
func waitFor(_ what: String, timeout: Duration = .seconds(10), _ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw TestFailure("timed out waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(20))
    }
}

extension SubscriptionMessage {
    var receivedEvent: ReceivedEvent? {
        if case .event(let received) = self { return received }
        return nil
    }

    var isEndOfStoredEvents: Bool {
        if case .endOfStoredEvents = self { return true }
        return false
    }
}
