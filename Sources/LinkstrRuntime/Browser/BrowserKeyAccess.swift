import NostrCore

/// Where the browser helper gets the account it answers a request as: the profile that is active
/// at that request (``BrowserProfileFollower``), or the reason it cannot be used now (no account,
/// locked).
public struct BrowserKeyAccess: Sendable {
    private let account: @Sendable () async throws(BrowserRequestError) -> BrowserAccount

    public init(_ account: @escaping @Sendable () async throws(BrowserRequestError) -> BrowserAccount) {
        self.account = account
    }

    /// Access to `account` that never refuses.
    public static func always(_ account: BrowserAccount) -> BrowserKeyAccess {
        BrowserKeyAccess { () throws(BrowserRequestError) in account }
    }

    /// The account to answer as now, or why there is none.
    public func current() async throws(BrowserRequestError) -> BrowserAccount {
        try await account()
    }
}
