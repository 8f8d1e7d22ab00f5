import Foundation
import Testing

/// A relay process for one test: rust-nostr's LocalRelay, nostr-relay, the misbehaving server, or
/// the TLS proxy in front of one of them. Each binds a port of its own choosing (a port chosen
/// here and bound there could be taken in between on a busy machine) and says which in its URL.
public struct TestRelay: Sendable {
    public let process: ExternalProcess
    public let url: String
    public let port: Int
    /// nostr-relay's data folder.
    public var directory: String?

    public enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case rust
        case nostrRelay = "nostr-relay"

        public var testDescription: String { rawValue }
    }

    /// Starts a real relay. `options` are relay.py's (`--auth write`, `--max-limit 40`, …). `port`
    /// (and for nostr-relay `directory`): only to start a relay again where one was; the relay picks
    /// a free port otherwise.
    public static func start(
        _ kind: Kind, scratch: TestScratch, port: Int? = nil, directory: String? = nil, _ options: [String] = []
    ) async throws -> TestRelay {
        var arguments = [kind.rawValue] + (port.map { ["--port", "\($0)"] } ?? []) + options
        let folder = kind == .nostrRelay ? directory ?? scratch.file("nostr-relay-\(UUID().uuidString)") : nil
        if let folder { arguments += ["--dir", folder] }
        var relay = try await started(ExternalProcess(script: "relay.py", arguments))
        relay.directory = folder
        return relay
    }

    /// Starts misbehaving_relay.py in `mode`.
    public static func misbehaving(_ mode: String, _ options: [String] = []) async throws -> TestRelay {
        try await started(ExternalProcess(script: "misbehaving_relay.py", ["--mode", mode] + options))
    }

    /// Starts a TLS proxy on a new port in front of `target`.
    public static func tlsProxy(to target: TestRelay, certificate: String, key: String) async throws -> TestRelay {
        try await started(ExternalProcess(script: "tls_proxy.py", ["--target", "\(target.port)", "--cert", certificate, "--key", key]))
    }

    /// The server once it said `READY <url>`, with the port of that URL.
    private static func started(_ process: ExternalProcess) async throws -> TestRelay {
        let url = try await process.ready()
        guard let port = URLComponents(string: url)?.port else { throw TestFailure("the relay said it is ready at \(url), which names no port") }
        return TestRelay(process: process, url: url, port: port)
    }
}
