import LinkstrHost

extension OpenedAccount {
    /// Who watches this account in its home — another process's `linkstr watch`, the service, an
    /// app — as `pid …, since …`; nil when no watch runs. A front end that finds one runs no second
    /// watch (it would notify everything twice) and reads the change feed instead
    /// (``ChangeFeed/storedChanges(after:in:)``).
    public func watcher() -> String? {
        WatcherLock.holder(stateDirectory: host.paths.stateDirectory, account: runtime.me)
    }
}
