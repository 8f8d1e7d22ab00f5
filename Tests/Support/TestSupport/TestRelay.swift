import Testing

/// A relay process for one test: rust-nostr's LocalRelay, nostr-relay, the misbehaving server, or
/// the TLS proxy in front of one of them.
public struct TestRelay: Sendable {
    public let process: ExternalProcess
    public let url: String
    public let port: Int

    public enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case rust
        case nostrRelay = "nostr-relay"

        public var testDescription: String { rawValue }
    }

    /// Starts a real relay. `options` are relay.py's (`--auth write`, `--max-limit 40`, …).
    public static func start(_ kind: Kind, scratch: TestScratch, port: Int = FreePort.next(), _ options: [String] = []) async throws -> TestRelay {
        var arguments = [kind.rawValue, "--port", "\(port)"] + options
        if kind == .nostrRelay { arguments += ["--dir", scratch.file("nostr-relay-\(port)")] }
        let process = try ExternalProcess(script: "relay.py", arguments)
        return TestRelay(process: process, url: try await process.ready(), port: port)
    }

    /// Starts misbehaving_relay.py in `mode`.
    public static func misbehaving(_ mode: String, _ options: [String] = []) async throws -> TestRelay {
        let port = FreePort.next()
        let process = try ExternalProcess(script: "misbehaving_relay.py", ["--port", "\(port)", "--mode", mode] + options)
        return TestRelay(process: process, url: try await process.ready(), port: port)
    }

    /// Starts a TLS proxy on a new port in front of `target`.
    public static func tlsProxy(to target: TestRelay, certificate: String, key: String) async throws -> TestRelay {
        let port = FreePort.next()
        let process = try ExternalProcess(
            script: "tls_proxy.py", ["--port", "\(port)", "--target", "\(target.port)", "--cert", certificate, "--key", key])
        return TestRelay(process: process, url: try await process.ready(), port: port)
    }
}
