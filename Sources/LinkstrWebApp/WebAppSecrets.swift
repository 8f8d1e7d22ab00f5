import Foundation
import Synchronization

/// The app's secrets, made at start: the one-time launch token (in the URL `linkstr app` prints),
/// the session cookie it is exchanged for, the CSRF token every state-changing form carries, and —
/// for an app the background service hosts — the launch key, written only to the app's URL file
/// (mode 0600), with which `linkstr app` asks for a fresh one-time launch token for each window.
final class WebAppSecrets: Sendable {
    let launchToken: String
    let session: String
    let csrf: String
    let launchKey: String
    private let launched = Mutex(false)
    /// Launch tokens issued with the launch key and not used yet, with when they stop working.
    private let issued = Mutex<[String: Date]>([:])
    /// How long an issued launch token works: long enough for a browser to start.
    static let issuedTokenLifetime: TimeInterval = 120

    init() {
        launchToken = Self.random()
        session = Self.random()
        csrf = Self.random()
        launchKey = Self.random()
    }

    /// Whether `token` is the launch token or an issued one and was not used before (it is used now).
    func useLaunchToken(_ token: String, now: Date = Date()) -> Bool {
        if Self.same(token, launchToken) {
            return launched.withLock { used in
                defer { used = true }
                return !used
            }
        }
        return issued.withLock { tokens in
            tokens = tokens.filter { $0.value > now }
            guard let match = tokens.keys.first(where: { Self.same(token, $0) }) else { return false }
            tokens[match] = nil
            return true
        }
    }

    /// A fresh one-time launch token, for a caller that proved it holds the launch key.
    func issueLaunchToken(now: Date = Date()) -> String {
        let token = Self.random()
        issued.withLock { tokens in
            tokens = tokens.filter { $0.value > now }
            tokens[token] = now.addingTimeInterval(Self.issuedTokenLifetime)
        }
        return token
    }

    /// 32 random bytes as hex (the system's CSPRNG: getrandom).
    private static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }

    /// Compares without stopping at the first difference, so timing does not tell how much matched.
    static func same(_ given: String, _ secret: String) -> Bool {
        let (a, b) = (Array(given.utf8), Array(secret.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

/// Where the server listens, once bound: the only `Host` and `Origin` it answers.
final class WebAppAddress: Sendable {
    private let boundPort = Mutex<Int?>(nil)

    var port: Int? { boundPort.withLock { $0 } }
    func bound(_ port: Int) { boundPort.withLock { $0 = port } }

    /// `127.0.0.1:PORT`, what the Host header must say.
    var host: String? { port.map { "127.0.0.1:\($0)" } }
    /// `http://127.0.0.1:PORT`, what a POST's Origin must say.
    var origin: String? { host.map { "http://" + $0 } }
}
