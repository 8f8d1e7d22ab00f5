import Foundation
import Testing

/// The same conversation delivered in different orders, each rumor in several wraps and every wrap
/// published twice, into fresh homes of one account: the final feed and session list are identical.
@Suite("End to end: shuffled and duplicated delivery", .timeLimit(.minutes(1)))
struct DeliveryOrderTests {
    @Test("three delivery orders and a home on two relays: byte-identical `feed` and `sessions` JSON")
    func anyOrderGivesTheSameState() async throws {
        let scratch = TestScratch()
        defer { scratch.remove() }
        async let startedRelays = [
            TestRelay.start(.rust, scratch: scratch), TestRelay.start(.rust, scratch: scratch), TestRelay.start(.nostrRelay, scratch: scratch),
        ]
        let relays = try await startedRelays
        let first = try LinkstrHome.create(scratch, "order0", relays: [relays[0].url])
        let me = first.pubkey
        let (creator, member) = (Peer.generate(), Peer.generate())
        let session = IPhone.token()
        let base = Int64(Date().timeIntervalSince1970) - 3600

        // The conversation, as rumors from the two peers to us (the iPhone app's payloads).
        var rumors: [(Peer, Int64, [String: Any])] = []
        func add(_ peer: Peer, _ offset: Int64, _ payload: (Int64) -> [String: Any]) { rumors.append((peer, base + offset, payload(base + offset))) }
        add(creator, 0) { IPhone.sessionCreate(session, name: "Shuffled", members: [creator.pubkey, member.pubkey, me], at: $0) }
        add(creator, 10) { IPhone.root(session, url: "https://example.com/1", note: "one", at: $0) }
        add(member, 20) { IPhone.root(session, url: "https://example.com/2", at: $0) }
        // Post ids are rumor ids, known after the build: reactions and deletes name them by index.
        let postPlaceholder = { (index: Int) in "POST\(index)" }
        add(member, 30) { IPhone.reaction(session, post: postPlaceholder(1), emoji: "👍", active: true, at: $0) }
        add(creator, 40) { IPhone.reaction(session, post: postPlaceholder(2), emoji: "🔥", active: true, at: $0) }
        add(creator, 50) { IPhone.reaction(session, post: postPlaceholder(2), emoji: "🔥", active: false, at: $0) }
        add(member, 60) { IPhone.reaction(session, post: postPlaceholder(1), emoji: "❤️", active: true, at: $0) }
        add(member, 60) { IPhone.reaction(session, post: postPlaceholder(1), emoji: "❤️", active: false, at: $0) }  // same second: the larger id wins
        add(creator, 70) { IPhone.root(session, url: "https://example.com/3", note: "deleted later", at: $0) }
        add(member, 75) { IPhone.reaction(session, post: postPlaceholder(8), emoji: "👍", active: true, at: $0) }
        add(creator, 80) { IPhone.rootDelete(session, post: postPlaceholder(8), at: $0) }
        add(creator, 90) { IPhone.sessionMembers(session, members: [creator.pubkey, me], at: $0) }
        add(member, 100) { IPhone.root(session, url: "https://example.com/not-a-member-then", at: $0) }
        add(creator, 110) { IPhone.root(session, url: "https://example.com/5", at: $0) }
        add(creator, 120) { IPhone.sessionMembers(session, members: [creator.pubkey, me, member.pubkey], at: $0) }
        add(member, 130) { IPhone.root(session, url: "https://example.com/6", note: "back again", at: $0) }

        // Post ids first (a rumor's id does not depend on its wraps), then every rumor in two wraps
        // per order, with wrap times that make the relays hand them out in that order.
        let posts = try await PeerScript.build(rumors.map { peer, time, payload in peer.message(payload, to: [me], at: time) }, scratch: scratch)
        let resolved: [[String: Any]] = rumors.map { _, _, payload in
            var payload = payload
            if let root = payload["root_id"] as? String, root.hasPrefix("POST") { payload["root_id"] = posts[Int(root.dropFirst(4))!].id }
            return payload
        }
        var generator = SplitMix64(seed: UInt64(base))
        let count = rumors.count * 2
        let orders: [[Int]] = [Array(0..<count), Array((0..<count).reversed()), Array(0..<count).shuffled(using: &generator)]
        let windowStart = base - 100_000
        var messages: [[String: Any]] = []
        for order in orders {
            // Position p in the order = the p-th newest wrap (relays answer newest first).
            var times = [Int64](repeating: 0, count: count)
            for (position, wrap) in order.enumerated() { times[wrap] = windowStart + Int64(count - position) * 60 }
            for (index, (peer, time, _)) in rumors.enumerated() {
                messages.append(peer.message(resolved[index], to: [me], at: time, ["copies": 2, "wrap_created_at": [times[2 * index], times[2 * index + 1]]]))
            }
        }
        let built = try await PeerScript.build(messages, scratch: scratch)
        let ids = (0..<orders.count).map { order in built[order * rumors.count..<(order + 1) * rumors.count].map(\.id) }
        #expect(ids[0] == ids[1] && ids[1] == ids[2])
        #expect(ids[0][1] == posts[1].id)
        for (order, relay) in relays.enumerated() {
            let wraps = built[order * rumors.count..<(order + 1) * rumors.count].flatMap(\.wraps)
            try await PeerScript.publish(wraps + wraps.shuffled(using: &generator), relay: relay.url, scratch: scratch)
        }

        // Fresh homes of the same account, one per relay, and one on the first two relays.
        var homes = [first]
        for index in 1..<relays.count { homes.append(try first.copy(scratch, "order\(index)", relays: [relays[index].url])) }
        homes.append(try first.copy(scratch, "both", relays: [relays[0].url, relays[1].url]))
        var states: [String] = []
        for home in homes {
            let counts = try home.sync()
            #expect(counts.received >= count)
            #expect(counts.accepted >= 1)
            states.append(try home.state(session))
        }
        for (index, state) in states.enumerated().dropFirst() {
            #expect(state == states[0], "home \(homes[index].path) ended in another state")
        }

        // And that state is the right one.
        let feed = try first.feed(session)
        let ids0 = ids[0]
        #expect(feed.map(\.id) == [ids0[1], ids0[2], ids0[13], ids0[15]])
        let heartWins = ids0[6] > ids0[7]  // equal created_at: the larger rumor id is the last word
        #expect(feed.first?.reactions == (heartWins ? ["👍": [member.pubkey], "❤️": [member.pubkey]] : ["👍": [member.pubkey]]))
        #expect(feed.dropFirst().allSatisfy { $0.reactions.isEmpty })
        #expect(feed.map(\.unread) == [false, false, false, false])  // a first restore is history: read
        let sessions = try first.sessions()
        #expect(sessions == [SessionRow(
            id: session, name: "Shuffled", creator: creator.pubkey, members: [creator.pubkey, me, member.pubkey], unread: false,
            archived: false, updatedAt: base + 130)])
    }
}
