import NostrCore

/// Where the browser helper gets the account's signer for each request; a locked account answers
/// here with the reason instead.
public struct BrowserKeyAccess: Sendable {
    private let signer: @Sendable () throws(BrowserRequestError) -> any Signer

    public init(_ signer: @escaping @Sendable () throws(BrowserRequestError) -> any Signer) {
        self.signer = signer
    }

    /// Access to `signer` that never refuses.
    public static func always(_ signer: any Signer) -> BrowserKeyAccess {
        BrowserKeyAccess { () throws(BrowserRequestError) in signer }
    }

    /// Access to `signer` that refuses while the unlock agent does not hold the key of `profile`
    /// (when a passphrase protects it): `linkstr lock` or the auto-lock takes effect at the next request.
    public static func unlessLocked(_ signer: any Signer, profile: HomeProfile, accounts: AccountManager) -> BrowserKeyAccess {
        BrowserKeyAccess { () throws(BrowserRequestError) in
            guard !accounts.isLocked(profile) else {
                throw BrowserRequestError("linkstr profile '\(profile.name)' is locked; run `linkstr unlock` to use it in the browser")
            }
            return signer
        }
    }

    /// The signer, or why it cannot be used now.
    public func current() throws(BrowserRequestError) -> any Signer {
        try signer()
    }
}
