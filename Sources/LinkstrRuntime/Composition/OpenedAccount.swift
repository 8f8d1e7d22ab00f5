import LinkstrHost

/// An account ready to work: the host with its plugins, the opened storage, the account's files and
/// its runtime. Made by `Composition.account(_:)`; `close()` ends it.
public struct OpenedAccount: Sendable {
    public let host: LinkstrHost
    public let backend: StorageBackend
    public let accounts: AccountManager
    public let runtime: AccountRuntime

    /// Stops the relay pools (the account's and a remote signer's) and every plugin instance.
    public func close() async {
        await runtime.disconnect()
        (runtime.signer as? RemoteSigner)?.client.close()
        host.stop()
    }
}
