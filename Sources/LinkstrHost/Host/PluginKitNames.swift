import LinkstrPluginKit

// The plugin kit's Swift types that callers of the host name: a plugin's failure and its status,
// the log level, the loopback check, the media cache naming and how a link is played, a relay's
// status, a notification, and the storage records, queries and operations. The runtime reaches
// them through the host, so that it imports neither the ABI header nor the kit.

public typealias PluginError = LinkstrPluginKit.PluginError
public typealias LKHStatus = LinkstrPluginKit.LKHStatus
public typealias LoopbackHost = LinkstrPluginKit.LoopbackHost
public typealias CacheNaming = LinkstrPluginKit.CacheNaming
/// One plugin's instance: its capability tables, destroyed once (`plugins check` walks its stages).
public typealias PluginInstance = LinkstrPluginKit.PluginInstance
public typealias RelayStatus = LinkstrPluginKit.RelayStatus
public typealias NotificationMessage = LinkstrPluginKit.NotificationMessage
/// The kinds of notification a notifier plugin tells apart (`LKH_NOTIFY_*`).
public typealias PluginNotificationKind = LinkstrPluginKit.NotificationKind
public typealias StoredRecord = LinkstrPluginKit.StoredRecord
public typealias StorageQuery = LinkstrPluginKit.StorageQuery
public typealias StorageOperation = LinkstrPluginKit.StorageOperation
public typealias MediaMode = LinkstrPluginKit.MediaMode

extension HostLog {
    /// How severe a message is (`trace` … `error`).
    public typealias Level = PluginHost.LogLevel
}
