import LinkstrHost
import NostrCore

/// The subscriptions linkstr keeps on every relay: the iPhone app's, except that the live one reaches
/// back past NIP-59's two-day backdating and none asks for wraps by author (one-time keys sign them).
extension RelayClient {
    /// Subscription ids, as the iPhone app names them.
    public enum LinkstrSubscription {
        public static let giftWraps = "linkstr-giftwrap-recipient"
        public static let followList = "linkstr-follow-list-self"
    }

    /// How far back the live gift-wrap subscription reaches: NIP-59 backdates wraps by up to two days
    /// (172 800 s), so `since = now` would miss most of them; one more hour covers clock skew.
    public static let giftWrapLookback: Int64 = GiftWrap.maximumTimestampTweak + 3_600

    /// The live subscription to gift wraps `#p`-tagged to `account`:
    /// `{"kinds":[1059],"#p":[account],"since":now − giftWrapLookback,"limit":500}`. Re-sent by the
    /// transport after every reconnect; pass the backfill's deduplicator to see each wrap once.
    public func subscribeGiftWraps(to account: PublicKey, now: Int64, deduplicator: EventDeduplicator = EventDeduplicator())
        throws(PluginError) -> SubscriptionStream
    {
        let filter = Filter(kinds: [GiftWrap.wrapKind], pubkeyReferences: [account], since: now - Self.giftWrapLookback, limit: 500)
        return try subscribe(LinkstrSubscription.giftWraps, filters: [filter], deduplicator: deduplicator)
    }

    /// The account's own follow list (kind 3, NIP-02): `{"authors":[account],"kinds":[3],"limit":1}`.
    public func subscribeFollowList(of account: PublicKey) throws(PluginError) -> SubscriptionStream {
        try subscribe(LinkstrSubscription.followList, filters: [Filter(authors: [account], kinds: [3], limit: 1)])
    }
}
