import Foundation
import LinkstrEngine
import LinkstrHost
@_spi(Benchmark) @testable import LinkstrRuntime
import NostrCore
import PluginTesting
import Testing

/// The unwrap pool: wraps unwrapped on several workers reach the engine in the order they were
/// received, so a sync ends in the same state whether one worker or many unwrapped it — even when
/// the workers finish out of order and some wraps fail to unwrap.
@Suite(.timeLimit(.minutes(1))) struct UnwrapPoolTests {
    let alice = LocalSigner(keypair: .generate())
    let bob = Keypair.generate()
    let now: Int64 = 1_800_000_000
    let scratch = TestScratch()

    /// The wraps Bob receives: Alice's session, posts and reactions toggled on and off (the newest
    /// toggle wins, so order changes what is accepted), each repeated now and then, in an order
    /// shuffled by `seed`; and a few wraps that do not unwrap (to someone else, or damaged) among them.
    func shuffledWraps(seed: UInt64) throws -> (wraps: [Event], session: SessionID, failing: Int) {
        let sender = LinkstrEngine(me: alice.publicKey, store: MemoryEngineStore())
        var messages: [OutboundMessage] = []
        func confirmed(_ message: OutboundMessage, at time: Int64) throws -> OutboundMessage {
            _ = try sender.confirm(message, wraps: [(WrapID(EventID(bytes: (0..<32).map { _ in UInt8.random(in: 0...255) })!), SecretKey.generate())], now: time)
            messages.append(message)
            return message
        }
        let session = try confirmed(sender.createSession(name: "Links", members: [bob.publicKey], now: now), at: now)
        let sessionID = session.payload.sessionID
        var posts: [RumorID] = []
        for index in 1...40 {
            let time = now + Int64(index)
            if index % 3 == 0, let target = posts.last {
                _ = try confirmed(sender.react(sessionID, postID: target, emoji: "👍", active: index % 2 == 0, now: time), at: time)
            } else {
                posts.append(try confirmed(sender.post(sessionID, url: "https://example.com/\(index)", note: nil, now: time), at: time).id)
            }
        }
        var wraps = try messages.map { try GiftWrap.giftWrap(rumor: $0.rumor.unsigned, sender: alice, recipient: bob.publicKey, now: now).event }
        wraps += wraps.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        let carol = Keypair.generate().publicKey
        let elsewhere = try GiftWrap.giftWrap(rumor: messages[1].rumor.unsigned, sender: alice, recipient: carol, now: now).event
        let oneTime = Keypair.generate()
        let damaged = try LocalSigner(keypair: oneTime).sign(
            UnsignedEvent(pubkey: oneTime.publicKey, createdAt: now, kind: GiftWrap.wrapKind, tags: [["p", bob.publicKey.hex]], content: "AAAA"))
        let failing = [elsewhere, damaged, try GiftWrap.giftWrap(rumor: messages[2].rumor.unsigned, sender: alice, recipient: carol, now: now).event]
        var random = SplitMix64(seed: seed)
        wraps = (wraps + failing).shuffled(using: &random)
        return (wraps, sessionID, failing.count)
    }

    /// Bob's runtime on a host of its own (memory storage), unwrapping with `workers` workers through
    /// `signer` (Bob's local key by default).
    func runtime(workers: Int, signer: (any Signer)? = nil) throws -> AccountRuntime {
        let host = try FakeRelay().makeHost(home: scratch.folder(UUID().uuidString))
        return try AccountRuntime(
            host: host, backend: host.openStorage(), signer: signer ?? LocalSigner(keypair: bob), dataSecret: bob.secretKey,
            unwrapWorkers: workers, clock: { [now] in now + 1_000 })
    }

    @Test("one worker and eight workers that finish out of order ingest a shuffled sync into the same state; failing wraps lose nothing")
    func manyWorkersEndInTheStateOfOne() async throws {
        defer { scratch.remove() }
        for seed: UInt64 in [1, 2, 3] {
            let (wraps, session, failing) = try shuffledWraps(seed: seed)
            let serial = try runtime(workers: 1)
            let serialReport = try await InboxSync.ingest(wraps, in: serial)
            let pooled = try runtime(workers: 8, signer: SlowSigner(LocalSigner(keypair: bob)))
            let pooledReport = try await InboxSync.ingest(wraps, in: pooled)

            #expect(pooledReport == serialReport, "seed \(seed)")
            #expect(serialReport.received == wraps.count)
            #expect(serialReport.rejected == failing)
            let serialFeed = try await SessionFeed.posts(session, limit: nil, in: serial)
            #expect(serialFeed.count == 27)
            #expect(try await SessionFeed.posts(session, limit: nil, in: pooled) == serialFeed, "seed \(seed)")
        }
    }

    @Test("each worker carries its name in the kernel (/proc/self/task/*/comm), where top -H and perf see it, and runs below the engine")
    func workersAreNamedInTheKernel() throws {
        let workers = 3
        let pool = UnwrapPool(workers: workers, window: workers)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // One job per worker that holds it until the names are read: every worker has started.
        for _ in 0..<workers {
            _ = pool.submit {
                started.signal()
                release.wait()
                return .failure(.notAGiftWrap(kind: 1))
            }
        }
        for _ in 0..<workers { started.wait() }
        defer {
            for _ in 0..<workers { release.signal() }
        }
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        var niceByName: [String: Int] = [:]
        for task in tasks {
            guard let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines),
                let nice = Self.nice(stat: "/proc/self/task/\(task)/stat")
            else { continue }
            niceByName[name] = nice
        }
        let names = Set(niceByName.keys)
        #expect(names.isSuperset(of: (0..<workers).map(UnwrapPool.threadName)), "thread names: \(names.sorted())")
        #expect(UnwrapPool.threadName(99).utf8.count <= 15, "the kernel keeps 15 bytes of a thread name")
        let processNice = try #require(Self.nice(stat: "/proc/self/stat"))
        for index in 0..<workers {
            #expect(niceByName[UnwrapPool.threadName(index)] == min(19, processNice + Int(UnwrapPool.workerNiceness)), "nice values: \(niceByName)")
        }
    }

    /// The nice value in a /proc …/stat file (its 19th field; the name in parentheses may hold spaces).
    private static func nice(stat path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is the 3rd field (state), so the 19th is fields[16].
        return fields.count > 16 ? Int(fields[16]) : nil
    }
}

/// A local signer whose decryptions take a random 0–4 ms, so that the pool's workers finish their
/// unwraps in another order than they took them.
private struct SlowSigner: Signer {
    let signer: LocalSigner

    init(_ signer: LocalSigner) {
        self.signer = signer
    }

    var publicKey: PublicKey { signer.publicKey }

    func sign(_ unsigned: UnsignedEvent) throws -> Event { try signer.sign(unsigned) }

    func nip44Encrypt(_ plaintext: String, to peer: PublicKey) throws -> String { try signer.nip44Encrypt(plaintext, to: peer) }

    func nip44Decrypt(_ payload: String, from peer: PublicKey) throws -> String {
        usleep(UInt32.random(in: 0...4_000))
        return try signer.nip44Decrypt(payload, from: peer)
    }
}
