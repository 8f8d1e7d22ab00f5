import LinkstrEngine
import NostrCore

/// What a person sees of the fixture's session after ingest: two deliveries of the same history
/// must end in equal outcomes, whatever their order.
struct EngineOutcome: Equatable, CustomStringConvertible {
    var sessionName: String?
    var members: [PublicKey]
    /// Every stored post (shown or not).
    var posts: Set<String>
    /// The posts the feed shows.
    var feed: Set<String>
    /// The reactions whose newest toggle is on (shown or not).
    var activeReactions: Set<String>
    /// The reactions shown as active (see `LinkstrEngine.isShown`).
    var shownReactions: Set<String>
    var deletedPosts: Set<String>

    init(_ fixture: EngineFixture) throws {
        let store = fixture.store
        sessionName = store.session(EngineFixture.session)?.name
        members = store.membership(EngineFixture.session).current
        posts = Set(store.posts.values.map(\.id.hex))
        feed = try Set(store.posts.values.filter { try fixture.engine.isVisible($0) }.map(\.id.hex))
        activeReactions = Set(store.reactions.values.filter(\.active).map(Self.describe))
        shownReactions = try Set(store.reactions.values.filter { try fixture.engine.isShown($0) }.map(Self.describe))
        deletedPosts = Set(store.deletedPosts.map(\.postID.hex))
    }

    private static func describe(_ reaction: Reaction) -> String {
        "\(reaction.key.postID.hex):\(reaction.key.emoji):\(reaction.key.sender.hex)"
    }

    var description: String {
        "session \(sessionName ?? "-"), \(members.count) members, posts \(posts.sorted()), feed \(feed.sorted()), "
            + "reactions \(activeReactions.sorted()), shown \(shownReactions.sorted()), deleted \(deletedPosts.sorted())"
    }
}
