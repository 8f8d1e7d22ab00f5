import LinkstrEngine
import NostrCore

/// A random session history as relays hold it: alice's session, membership changes, posts,
/// reactions and deletes by members and by people who are not (yet, or any more) members, with
/// timestamps that may tie. Each rumor has its own gift wrap.
struct GeneratedHistory: Sendable, CustomStringConvertible {
    typealias F = EngineFixture
    static let people = [F.alice, F.bob, F.carol, F.mallory]

    var me: PublicKey
    var rumors: [InboundRumor]

    static func random(using rng: inout some RandomNumberGenerator) -> GeneratedHistory {
        var rumors: [Event] = []
        let founders = [F.alice] + people.dropFirst().filter { _ in Bool.random(using: &rng) }
        rumors.append(F.create(at: 100, members: founders))
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let members = [F.alice] + people.dropFirst().filter { _ in Bool.random(using: &rng) }
            rumors.append(F.members(at: Int64.random(in: 101...400, using: &rng), members))
        }
        var posts: [Event] = []
        for index in 0..<Int.random(in: 1...8, using: &rng) {
            posts.append(F.post(by: people.randomElement(using: &rng)!, at: Int64.random(in: 100...450, using: &rng), note: "post \(index)"))
        }
        rumors += posts
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            rumors.append(
                F.reaction(
                    by: people.randomElement(using: &rng)!, at: Int64.random(in: 100...500, using: &rng), on: posts.randomElement(using: &rng)!,
                    emoji: ["👍", "🔥"].randomElement(using: &rng)!, active: Int.random(in: 0..<4, using: &rng) > 0))
        }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            rumors.append(F.delete(by: people.randomElement(using: &rng)!, at: Int64.random(in: 100...500, using: &rng), posts.randomElement(using: &rng)!))
        }
        return GeneratedHistory(
            me: [F.alice, F.bob].randomElement(using: &rng)!,
            rumors: rumors.enumerated().map { index, rumor in
                InboundRumor(rumor: rumor, wrapID: WrapID(EventID(bytes: [UInt8](repeating: 0, count: 30) + [UInt8(index / 256), UInt8(index % 256)])!), source: .historical)
            })
    }

    var description: String {
        "\(rumors.count) rumors for \(me == F.alice ? "alice" : "bob"): " + rumors.map { "\($0.rumor.createdAt) \($0.rumor.content)" }.joined(separator: "\n")
    }
}
