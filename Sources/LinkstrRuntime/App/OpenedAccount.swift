import LinkstrHost

/// An account ready to work: the host with its plugins, the opened storage, the account's files and
/// its runtime. Opened by ``LinkstrApp/account(step:)``, whose `close()` ends it.
public struct OpenedAccount: Sendable {
    public let host: LinkstrHost
    public let backend: StorageBackend
    public let accounts: AccountManager
    public let runtime: AccountRuntime
}
