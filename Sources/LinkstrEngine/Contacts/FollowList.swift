import Foundation
import NostrCore

/// The account's follow list (kind 3, NIP-02) as last applied: the whole signed event, kept verbatim
/// so that a change republishes every entry and tag other clients wrote (relay hints, petnames,
/// other tag types, the content). The iPhone app keeps only the keys and overwrites the rest;
/// linkstr does not.
///
/// Its stamp is the follow-list watermark: persisted with it, it keeps a restart or an
/// older relay copy from rolling the contacts back.
///
/// A value type; safe to share between threads.
public struct FollowList: Equatable, Sendable {
    /// The kind of a NIP-02 follow list.
    public static let kind = 3

    /// The applied event; nil before any follow list was seen or confirmed.
    public let event: Event?

    /// No follow list yet.
    public init() {
        event = nil
    }

    /// A follow list already checked and applied (from storage: see `init(encoded:)`).
    public init(event: Event?) {
        self.event = event
    }

    /// The watermark: the applied event's created_at and id.
    public var stamp: EventStamp? { event.map(EventStamp.init) }

    /// Every tag as written, `p` or not, valid or not.
    public var tags: [[String]] { event?.tags ?? [] }

    /// The content as written (NIP-02 leaves it unused; some clients store relays there).
    public var content: String { event?.content ?? "" }

    /// The followed keys: the valid `p` tags, in list order, later duplicates dropped.
    public var contacts: [PublicKey] { Self.entries(in: tags).keys }

    /// The followed keys of `tags` and why each skipped `p` tag was skipped. A `p` tag's key is
    /// trimmed and lowercased, then must be 64 hex characters of a valid key ("deduped"
    /// mode: an invalid entry is skipped, never fatal).
    public static func entries(in tags: [[String]]) -> (keys: [PublicKey], skipped: [String]) {
        var seen = Set<PublicKey>()
        var keys: [PublicKey] = []
        var skipped: [String] = []
        for (index, tag) in tags.enumerated() where tag.first == "p" {
            guard tag.count >= 2 else {
                skipped.append("p tag \(index) has no public key")
                continue
            }
            guard let key = followedKey(tag) else {
                skipped.append("p tag \(index): '\(tag[1])' is not a 64-character hex public key")
                continue
            }
            if seen.insert(key).inserted { keys.append(key) }
        }
        return (keys, skipped)
    }

    /// The key a `p` tag follows, or nil for any other tag or an invalid key.
    static func followedKey(_ tag: [String]) -> PublicKey? {
        guard tag.count >= 2, tag[0] == "p" else { return nil }
        let normalized = tag[1].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard normalized.utf8.count == 64 else { return nil }
        return try? PublicKey(hex: normalized)
    }
}
