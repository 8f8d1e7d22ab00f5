import NostrCore

/// Where the browser helper gets the account's signer for each request. Today the key is always
/// available once the account is open; a locked account answers here with the reason instead.
public struct BrowserKeyAccess: Sendable {
    private let signer: @Sendable () throws(BrowserRequestError) -> any Signer

    public init(_ signer: @escaping @Sendable () throws(BrowserRequestError) -> any Signer) {
        self.signer = signer
    }

    /// Access to `signer` that never refuses.
    public static func always(_ signer: any Signer) -> BrowserKeyAccess {
        BrowserKeyAccess { () throws(BrowserRequestError) in signer }
    }

    /// The signer, or why it cannot be used now.
    public func current() throws(BrowserRequestError) -> any Signer {
        try signer()
    }
}
