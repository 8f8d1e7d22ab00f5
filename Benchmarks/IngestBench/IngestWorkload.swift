import Dispatch
import Foundation
import LinkstrEngine
import NostrCore

/// The gift wraps of one run, made before the clock starts. One session, created by account A with
/// members A and B (`session_create`); then posts (about 80 %) and reactions to recent posts (about
/// 20 %) by A and B, one second apart, each gift-wrapped to B, the benchmark account (A's posts as
/// they reach B, B's as the copy B keeps of its own). Then 5 % of the rumors are delivered early
/// (a reaction ahead of its post, a post ahead of earlier rumors — some ahead of the session) and
/// 10 % of the deliveries repeat a wrap already delivered. `count` is the number of deliveries.
///
/// A value type, immutable once made.
struct IngestWorkload {
    /// In delivery order, the repeats included.
    let wraps: [Event]
    /// B: the account that ingests.
    let account: Keypair
    let sessionID: SessionID
    /// Distinct wraps (rumors): the session, the posts and the reactions.
    let uniqueWraps: Int
    let posts: Int
    let reactions: Int
    /// Distinct (post, emoji, sender) toggles, and those whose newest toggle is active.
    let reactionKeys: Int
    let activeReactions: Int
    /// Rumors moved earlier, and what that did: reactions delivered before their post, posts before
    /// the session that holds them.
    let moved: Int
    let reactionsBeforePost: Int
    let postsBeforeSession: Int
    /// Deliveries of a wrap already delivered.
    let duplicates: Int

    static let emojis = ["👍", "❤️", "😂", "🔥", "👀"]
    /// Reactions go to one of this many most recent posts; a moved rumor lands at most this many
    /// deliveries early.
    static let reactionReach = 500
    static let moveReach = 1_000

    private struct Planned {
        var author: Int
        var rumor: UnsignedEvent
        /// For a reaction, the index of its post.
        var target: Int?
    }

    static func make(count: Int, seed: UInt64) throws -> IngestWorkload {
        var random = SplitMix64(seed: seed)
        let creator = Keypair.generate()
        let member = Keypair.generate()
        let signers = [LocalSigner(keypair: creator), LocalSigner(keypair: member)]
        let now = Int64(Date().timeIntervalSince1970)
        let unique = count - count / 10
        let start = now - Int64(unique) - 3_600

        // The rumors, built as the engine builds them (`LinkstrEngine.createSession`, and
        // `post`/`react`'s payloads through `LinkstrPayload.encoded()`).
        let session = try LinkstrEngine(me: creator.publicKey, store: MemoryEngineStore())
            .createSession(name: "Ingest benchmark", members: [member.publicKey], now: start)
        let sessionID = session.payload.sessionID
        var planned = [Planned(author: 0, rumor: session.rumor.unsigned, target: nil)]
        planned.reserveCapacity(unique)
        var postIndices: [Int] = []
        var reactionState: [String: Bool] = [:]
        for index in 1..<unique {
            let time = start + Int64(index)
            let author = Int.random(in: 0...1, using: &random)
            let payload: LinkstrPayload
            var target: Int?
            if !postIndices.isEmpty, Int.random(in: 0..<5, using: &random) == 0 {
                let post = postIndices[Int.random(in: max(0, postIndices.count - reactionReach)..<postIndices.count, using: &random)]
                let emoji = emojis[Int.random(in: 0..<emojis.count, using: &random)]
                let active = Int.random(in: 0..<10, using: &random) != 0
                payload = LinkstrPayload(
                    kind: .reaction, sessionID: sessionID, rootID: planned[post].rumor.id.hex, timestamp: time, emoji: emoji,
                    reactionActive: active)
                reactionState["\(post) \(emoji) \(author)"] = active
                target = post
            } else {
                payload = LinkstrPayload(
                    kind: .root, sessionID: sessionID, rootID: "",
                    url: try WebURL.normalizeForSending("www.example.com/watch?v=\(index)&list=shared"),
                    note: index % 3 == 0 ? "A link worth watching, number \(index)" : nil, timestamp: time)
                postIndices.append(index)
            }
            try payload.validate()
            let rumor = UnsignedEvent(
                pubkey: signers[author].publicKey, createdAt: time, kind: LinkstrEngine.rumorKind, tags: payload.rumorTags,
                content: payload.encoded())
            planned.append(Planned(author: author, rumor: rumor, target: target))
        }

        // Gift-wrapped on every core: sealing and wrapping dominate the set-up time.
        let wrapped = try giftWrap(planned, signers: signers, recipient: member.publicKey, now: now)

        // Delivery order: each rumor at its place, except the moved ones (placed just ahead of an
        // earlier delivery); the repeats at a random later place.
        var order = (0..<unique).map { (key: Double($0), wrap: $0) }
        let moved = Array((1..<unique).shuffled(using: &random).prefix(count * 5 / 100))
        for index in moved {
            let anchor = planned[index].target ?? index
            let offset = Int.random(in: 0...min(anchor, moveReach), using: &random)
            order[index].key = Double(anchor - offset) - 0.5
        }
        let duplicates = (0..<unique).shuffled(using: &random).prefix(count - unique)
        for index in duplicates {
            let first = order[index].key
            order.append((first + Double.random(in: 0..<1, using: &random) * (Double(unique) - first), index))
        }
        order.sort { $0.key < $1.key }

        var firstDelivery = [Int](repeating: .max, count: unique)
        for (position, entry) in order.enumerated() where firstDelivery[entry.wrap] == .max { firstDelivery[entry.wrap] = position }
        let reactionIndices = planned.indices.filter { planned[$0].target != nil }
        return IngestWorkload(
            wraps: order.map { wrapped[$0.wrap] }, account: member, sessionID: sessionID, uniqueWraps: unique,
            posts: postIndices.count, reactions: reactionIndices.count, reactionKeys: reactionState.count,
            activeReactions: reactionState.values.filter { $0 }.count, moved: moved.count,
            reactionsBeforePost: reactionIndices.filter { firstDelivery[$0] < firstDelivery[planned[$0].target!] }.count,
            postsBeforeSession: postIndices.filter { firstDelivery[$0] < firstDelivery[0] }.count,
            duplicates: duplicates.count)
    }

    private static func giftWrap(_ planned: [Planned], signers: [LocalSigner], recipient: PublicKey, now: Int64) throws -> [Event] {
        var wrapped = [Event?](repeating: nil, count: planned.count)
        let workers = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        wrapped.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes its own slots.
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: planned.count, by: workers) {
                    let item = planned[index]
                    slots.base[index] = try? GiftWrap.giftWrap(rumor: item.rumor, sender: signers[item.author], recipient: recipient, now: now).event
                }
            }
        }
        return try wrapped.map { wrap in
            guard let wrap else { throw WorkloadError("gift-wrapping a rumor failed") }
            return wrap
        }
    }
}

/// The result buffer shared by the wrapping workers, each writing disjoint indices.
private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Event?>
}

struct WorkloadError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
