import Foundation
import NostrCore

/// The two events "delete account" publishes, in this order, each awaiting a relay's OK before the
/// next: an empty follow list (kind 3), then a NIP-62 request
/// to vanish (kind 62). Only when both were accepted does the host clear the identity and the
/// account's local data; any failure stops before that. Unsigned: the host's signer signs them.
public enum AccountDeletion {
    /// The kind of a NIP-62 request to vanish.
    public static let vanishKind = 62
    /// The iPhone app's content for the request.
    public static let vanishReason = "linkstr account deletion request"
    /// NIP-62's relay value asking every relay to comply.
    public static let allRelays = "ALL_RELAYS"

    /// Both events. The request to vanish is stamped no earlier than the empty follow list, so that
    /// relays honouring it (NIP-62: everything up to its created_at) remove that list as well.
    public static func events(
        _ contacts: ContactBook, relays: [String], reason: String = vanishReason, now: Int64
    ) -> (followList: UnsignedEvent, vanish: UnsignedEvent) {
        let followList = contacts.emptyFollowList(now: now)
        let vanish = vanishRequest(me: contacts.me, relays: relays, reason: reason, now: max(now, followList.createdAt))
        return (followList, vanish)
    }

    /// A kind 62 request to vanish: one `["relay", url]` per relay (trimmed, deduplicated, sorted),
    /// or `["relay", "ALL_RELAYS"]` when none is given (the iPhone app's form).
    public static func vanishRequest(me: PublicKey, relays: [String], reason: String = vanishReason, now: Int64) -> UnsignedEvent {
        let urls = Set(relays.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }).sorted()
        let tags = (urls.isEmpty ? [allRelays] : urls).map { ["relay", $0] }
        return UnsignedEvent(pubkey: me, createdAt: now, kind: vanishKind, tags: tags, content: reason)
    }
}
