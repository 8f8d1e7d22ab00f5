import Foundation
import LinkstrEngine
import LinkstrHost
import NostrCore

/// The saved links synced with the account's other machines through the relays.
extension SavedLinks {
    /// The kind of the app-data events (NIP-78) that carry saved links between the user's machines.
    public static let savedLinkEventKind = 30_078

    static let savedLinkSubscription = "linkstr-saved-links"

    /// Syncs the saved links with the user's other machines through the relays: one replaceable
    /// app-data event per link (kind 30078), its content encrypted to the account's own key
    /// (NIP-44), its `d` tag a keyed hash of the URL, `created_at` the link's last change. Per link,
    /// the later change wins, soft deletes included; the relays see neither URLs nor tags. The
    /// events go at a pace the relays accept (``publishPaced(_:on:patience:)``); what they still
    /// refused as too many is `pending`, and goes with the next sync.
    public static func syncSavedLinksWithRelays(in account: isolated AccountRuntime) async throws(LinkstrError) -> PrivateSyncReport {
        let pool = try await Outbox.writablePool(in: account)
        let stream: SubscriptionStream
        do {
            stream = try pool.subscribe(Self.savedLinkSubscription, filters: [Filter(authors: [account.me], kinds: [Self.savedLinkEventKind])])
        } catch {
            throw LinkstrError(.failed, "cannot ask the relays for the saved links: \(error)")
        }
        var report = PrivateSyncReport()
        var remote: [String: SavedLink] = [:]
        for event in await pool.storedEvents(stream, subscription: Self.savedLinkSubscription) {
            guard let link = savedLink(from: event, in: account) else { continue }
            report.received += 1
            if let known = remote[link.url], known.updatedAt >= link.updatedAt { continue }
            remote[link.url] = link
        }
        let local = Dictionary(try allSavedLinks(in: account).map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        for (url, theirs) in remote where (local[url]?.updatedAt ?? .min) < theirs.updatedAt {
            try applyRemote(theirs, replacing: local[url], in: account)
            report.applied += 1
        }
        try account.commit()
        var outgoing: [Event] = []
        for (url, mine) in local where (remote[url]?.updatedAt ?? .min) < mine.updatedAt {
            outgoing.append(try savedLinkEvent(mine, in: account))
        }
        let published = await Outbox.publishPaced(outgoing, on: pool, in: account)
        if let failure = published.failures.first {
            throw LinkstrError(.failed, "\(published.failures.count) of \(outgoing.count) saved links were not accepted by the relays: \(failure.message)")
        }
        report.published = published.published
        report.pending = published.pending
        report.rateLimit = published.rateLimit
        return report
    }

    /// The `d` tag of a link's event: a keyed hash of its URL, the same on every machine of the
    /// account and meaningless to anyone else.
    static func savedLinkEventIdentifier(_ url: String, in account: isolated AccountRuntime) -> String {
        "linkstr-saved:" + account.cipher.lookupHash(Array("saved link event\0".utf8) + Array(url.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func savedLinkEvent(_ link: SavedLink, in account: isolated AccountRuntime) throws(LinkstrError) -> Event {
        do {
            let content = try account.signer.nip44Encrypt(link.syncContent(), to: account.me)
            let unsigned = UnsignedEvent(
                pubkey: account.me, createdAt: link.updatedAt, kind: Self.savedLinkEventKind, tags: [["d", savedLinkEventIdentifier(link.url, in: account)]],
                content: content)
            return try account.signer.sign(unsigned)
        } catch {
            throw LinkstrError(.failed, "cannot encrypt and sign the saved link \(link.url): \(error)")
        }
    }

    /// The link an event of ours carries, or nil when it is not one (another app's data, a `d` tag
    /// that does not match its URL, content that does not decrypt).
    private static func savedLink(from event: Event, in account: isolated AccountRuntime) -> SavedLink? {
        let dTag: [String]? = event.tags.first { $0.count >= 2 && $0[0] == "d" }
        guard event.pubkey == account.me, event.kind == Self.savedLinkEventKind, let identifier: String = dTag?[1], identifier.hasPrefix("linkstr-saved:"),
            let content = try? account.signer.nip44Decrypt(event.content, from: account.me), let link = SavedLink(syncContent: content),
            savedLinkEventIdentifier(link.url, in: account) == identifier
        else { return nil }
        return link
    }

    /// Stores a later version of a link from another machine: its record, and its tags in place of
    /// the ones this machine had.
    private static func applyRemote(_ theirs: SavedLink, replacing mine: SavedLink?, in account: isolated AccountRuntime) throws(LinkstrError) {
        let key = savedKey(theirs.url, in: account)
        for tag in Set(mine?.tags ?? []).subtracting(theirs.tags) { deleteSavedTag(tag, of: key, in: account) }
        for tag in Set(theirs.tags).subtracting(mine?.tags ?? []) { try putSavedTag(tag, of: key, at: theirs.updatedAt, in: account) }
        try putSavedLink(theirs, in: account)
    }
}
