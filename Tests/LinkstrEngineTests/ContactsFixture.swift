import LinkstrEngine
import NostrCore

/// Signed kind 3 and kind 0 events for the contact tests. The account is `me`; alice, bob and carol
/// are the people it follows.
enum ContactsFixture {
    static let meKeys = Keypair(secretKey: try! SecretKey(hex: String(repeating: "55", count: 32)))
    static let otherKeys = Keypair(secretKey: try! SecretKey(hex: String(repeating: "66", count: 32)))
    static var me: PublicKey { meKeys.publicKey }
    static let alice = EngineFixture.alice
    static let bob = EngineFixture.bob
    static let carol = EngineFixture.carol
    static let aliceKeys = Keypair(secretKey: try! SecretKey(hex: String(repeating: "11", count: 32)))
    static let now: Int64 = 1_700_000_000

    static func sign(_ unsigned: UnsignedEvent, with keys: Keypair = meKeys) -> Event {
        try! LocalSigner(keypair: keys).sign(unsigned)
    }

    /// A follow list by `keys` (the account by default) with these tags and content.
    static func followList(at time: Int64, _ tags: [[String]], content: String = "", by keys: Keypair = meKeys) -> Event {
        sign(UnsignedEvent(pubkey: keys.publicKey, createdAt: time, kind: 3, tags: tags, content: content), with: keys)
    }

    /// A follow list of `keys` as plain `p` tags.
    static func followList(at time: Int64, following keys: [PublicKey], content: String = "") -> Event {
        followList(at: time, keys.map { ["p", $0.hex] }, content: content)
    }

    static func profile(_ content: String, at time: Int64, by keys: Keypair = aliceKeys) -> Event {
        sign(UnsignedEvent(pubkey: keys.publicKey, createdAt: time, kind: 0, tags: [], content: content), with: keys)
    }

    /// A book that follows `keys`, applied from a list stamped `time`.
    static func book(following keys: [PublicKey], at time: Int64 = 1_000) -> ContactBook {
        var book = ContactBook(me: me)
        _ = book.ingestFollowList(followList(at: time, following: keys), now: now)
        return book
    }
}
