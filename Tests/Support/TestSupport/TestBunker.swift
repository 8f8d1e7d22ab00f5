/// The NIP-46 test bunker (`test_bunker.py`, a signer built from nostr-sdk primitives) on the relay
/// at `relayURL`, holding the user key `userSecret` (an nsec), started and listening.
public struct TestBunker: Sendable {
    public let process: ExternalProcess
    /// What it printed once it listened: its bunker:// link (with `--nostrconnect`, the client's pubkey).
    public let ready: String

    public init(relayURL: String, userSecret: String, _ options: [String] = []) async throws {
        process = try ExternalProcess(script: "test_bunker.py", ["--relay", relayURL, "--user-secret", userSecret] + options)
        ready = try await process.ready()
    }
}
