import Foundation
import LinkstrRuntime
import NostrCore
import Testing

/// The unlock agent in process: its protocol over a real Unix socket, the modes of its folder and
/// socket, its auto-lock driven by a clock the test moves, and the master passphrase's verifier.
@Suite(.serialized, .timeLimit(.minutes(1))) struct UnlockAgentTests {
    /// A clock the test sets.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_760_000_000)

        var now: Date {
            lock.lock()
            defer { lock.unlock() }
            return current
        }

        func advance(minutes: Double) {
            lock.lock()
            defer { lock.unlock() }
            current = current.addingTimeInterval(minutes * 60)
        }
    }

    /// An agent listening in a short runtime folder of its own (a socket path has at most 107 bytes).
    private struct RunningAgent {
        let runtime: String
        let server: UnlockAgentServer
        let client: UnlockAgentClient

        init(clock: TestClock) throws {
            runtime = "/tmp/linkstr-agent-test-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let address = UnlockAgentAddress(dataDirectory: runtime + "/home/data", environment: ["XDG_RUNTIME_DIR": runtime])
            server = try UnlockAgentServer(address: address, agent: UnlockAgent(clock: { clock.now }))
            client = UnlockAgentClient(address: address)
            Thread.detachNewThread { [server] in server.run() }
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(atPath: runtime)
        }
    }

    private let alice = SecretKey.generate()
    private let remoteSession = SecretKey.generate()
    private let dataKey = SecretKey.generate()

    private func unlockRequest(minutes: Int) -> UnlockAgentMessage {
        var request = UnlockAgentMessage(.unlock)
        request.profiles = [
            UnlockedProfileKeys(id: "alice-id", keys: ["key": alice.nsec]),
            UnlockedProfileKeys(id: "remote-id", keys: ["remote-session": remoteSession.nsec, "data-key": dataKey.nsec]),
        ]
        request.autoLockMinutes = minutes
        return request
    }

    private func keyRequest(_ profile: String) -> UnlockAgentMessage {
        var request = UnlockAgentMessage(.key)
        request.profile = profile
        return request
    }

    @Test func answersStatusUnlockKeyAndLockOverItsSocket() throws {
        let clock = TestClock()
        let agent = try RunningAgent(clock: clock)
        defer { agent.stop() }

        let empty = try #require(try agent.client.request(UnlockAgentMessage(.status)))
        #expect(empty.ok == true && empty.unlocked == [] && empty.pid == getpid())
        #expect(try agent.client.request(keyRequest("alice-id"))?.error == UnlockAgentMessage.lockedError)

        let unlocked = try #require(try agent.client.request(unlockRequest(minutes: 15)))
        #expect(unlocked.ok == true && unlocked.unlocked == ["alice-id", "remote-id"], "\(unlocked)")
        #expect(unlocked.until == Int64(clock.now.timeIntervalSince1970) + 15 * 60)

        #expect(try agent.client.request(keyRequest("alice-id"))?.keys == ["key": alice.nsec])
        #expect(try agent.client.request(keyRequest("remote-id"))?.keys == ["remote-session": remoteSession.nsec, "data-key": dataKey.nsec])
        let unknown = try #require(try agent.client.request(keyRequest("nobody")))
        #expect(unknown.ok == false && unknown.error == UnlockAgentMessage.lockedError && unknown.keys == nil)

        let locked = try #require(try agent.client.request(UnlockAgentMessage(.lock)))
        #expect(locked.ok == true && locked.unlocked == [] && locked.until == nil)
        #expect(try agent.client.request(keyRequest("alice-id"))?.error == UnlockAgentMessage.lockedError)

        var garbage = UnlockAgentMessage(.unlock)
        garbage.profiles = [UnlockedProfileKeys(id: "alice-id", keys: ["key": "not an nsec"])]
        let refused = try #require(try agent.client.request(garbage))
        #expect(refused.ok == false && refused.error?.contains("is not an nsec") == true)
    }

    @Test func itsFolderIs0700AndItsSocket0600() throws {
        let agent = try RunningAgent(clock: TestClock())
        defer { agent.stop() }
        var folder = stat()
        var socket = stat()
        #expect(lstat(agent.server.address.folder, &folder) == 0 && lstat(agent.server.address.socketPath, &socket) == 0)
        #expect(folder.st_mode & 0o777 == 0o700)
        #expect(socket.st_mode & S_IFMT == S_IFSOCK)
        #expect(socket.st_mode & 0o777 == 0o600)
        #expect(agent.server.address.socketPath.hasPrefix(agent.runtime + "/linkstr/agent-"))
        // A second agent for the same home is refused while the first answers.
        #expect(throws: LinkstrError.self) { try UnlockAgentServer(address: agent.server.address, agent: UnlockAgent()) }
    }

    @Test func eachHomeHasItsOwnSocketAndWithoutARuntimeFolderItStaysInTheHome() {
        let one = UnlockAgentAddress(dataDirectory: "/home/a/.local/share/linkstr", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
        let other = UnlockAgentAddress(dataDirectory: "/srv/b/data", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
        #expect(one.folder == "/run/user/1000/linkstr" && one.socketPath != other.socketPath)
        #expect(UnlockAgentAddress(dataDirectory: "/srv/b/data/", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == other)
        let home = UnlockAgentAddress(dataDirectory: "/srv/b/data/", environment: [:])
        #expect(home.folder == "/srv/b/data/agent" && home.socketPath == "/srv/b/data/agent/agent.sock", "never a shared folder such as /tmp")
    }

    /// A data folder deeper than a socket address holds (107 bytes) still gets its agent: the
    /// socket is bound and reached through the folder's descriptor.
    @Test func aSocketPathLongerThanASocketAddressStillWorks() throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        let data = scratch.path + "/" + String(repeating: "d", count: 60) + "/" + String(repeating: "e", count: 60)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let address = UnlockAgentAddress(dataDirectory: data, environment: [:])
        #expect(address.socketPath.utf8.count > 107)
        let server = try UnlockAgentServer(address: address, agent: UnlockAgent())
        Thread.detachNewThread { server.run() }
        defer { server.stop() }
        #expect(try UnlockAgentClient(address: address).request(UnlockAgentMessage(.status))?.ok == true)
    }

    @Test func locksItselfAfterTheAutoLockMinutesWithoutUseAndTellsSubscribers() async throws {
        let clock = TestClock()
        let agent = try RunningAgent(clock: clock)
        defer { agent.stop() }
        let events = EventLog()
        Thread.detachNewThread { [client = agent.client] in
            _ = client.subscribe { message in
                events.append(message)
                return true
            }
        }
        #expect(await eventually { events.messages.count == 1 }, "the subscription's first line is the status")

        #expect(try agent.client.request(unlockRequest(minutes: 15))?.ok == true)
        #expect(await eventually { events.messages.last?.event == .unlocked })
        #expect(events.messages.last?.unlocked == ["alice-id", "remote-id"])

        clock.advance(minutes: 14)
        agent.server.agent.tick()
        #expect(try agent.client.request(keyRequest("alice-id"))?.keys == ["key": alice.nsec], "used at minute 14: the timer starts again")
        clock.advance(minutes: 14)
        agent.server.agent.tick()
        #expect(agent.server.agent.isUnlocked)
        clock.advance(minutes: 1)
        agent.server.agent.tick()
        #expect(!agent.server.agent.isUnlocked, "15 minutes without use")
        #expect(try agent.client.request(keyRequest("alice-id"))?.error == UnlockAgentMessage.lockedError)
        #expect(await eventually { events.messages.last?.event == .autoLocked }, "the auto-lock is told apart from `lock`")
        #expect(try agent.client.request(UnlockAgentMessage(.status))?.autoLockedAt == Int64(clock.now.timeIntervalSince1970))
        // `lock` after the auto-lock is told too: a watch still holding the key drops it then.
        #expect(try agent.client.request(UnlockAgentMessage(.lock))?.autoLockedAt == nil)
        #expect(await eventually { events.messages.last?.event == .locked })

        // 0 minutes: never by itself.
        #expect(try agent.client.request(unlockRequest(minutes: 0))?.until == nil)
        clock.advance(minutes: 60 * 24 * 365)
        agent.server.agent.tick()
        #expect(agent.server.agent.isUnlocked)
    }

    @Test func theVerifierTellsTheRightPassphraseFromAWrongOne() throws {
        let verifier = try MasterPassphraseVerifier(passphrase: "correct horse", logN: 10)
        #expect(try verifier.matches("correct horse"))
        #expect(try !verifier.matches("correct horse "))
        #expect(try !verifier.matches("Correct horse"))
        let again = try MasterPassphraseVerifier(passphrase: "correct horse", logN: 10)
        #expect(again.salt != verifier.salt && again.hash != verifier.hash, "a random salt each time")
        let stored = try JSONDecoder().decode(MasterPassphraseVerifier.self, from: try JSONEncoder().encode(verifier))
        #expect(try stored.matches("correct horse"))
        let text = String(decoding: try JSONEncoder().encode(verifier), as: UTF8.self)
        #expect(!text.contains("correct"))
    }

    /// The messages a subscriber was sent, in order.
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [UnlockAgentMessage] = []

        var messages: [UnlockAgentMessage] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }

        func append(_ message: UnlockAgentMessage) {
            lock.lock()
            defer { lock.unlock() }
            stored.append(message)
        }
    }
}
