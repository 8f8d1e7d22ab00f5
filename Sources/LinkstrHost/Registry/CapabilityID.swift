import PluginABI

/// The well-known capability families (linkstr_plugin.h). Third parties define their own ids.
public enum CapabilityID {
    public static let transport = LKH_CAP_TRANSPORT_V1
    public static let storage = LKH_CAP_STORAGE_V1
    public static let mediaProvider = LKH_CAP_MEDIA_PROVIDER_V1
    public static let notifier = LKH_CAP_NOTIFIER_V1

    /// The vtable size this host needs for each well-known capability (its v1.0 struct). Fields appended
    /// in a later minor (the media provider's `resolve`, ABI 1.1) are read only after checking
    /// `struct_size`, so a 1.0 vtable stays acceptable.
    public static let requiredVTableSize: [String: Int] = [
        transport: MemoryLayout<lkh_transport_v1>.size,
        storage: MemoryLayout<lkh_storage_v1>.size,
        mediaProvider: MemoryLayout<lkh_media_provider_v1>.offset(of: \lkh_media_provider_v1.resolve)!,
        notifier: MemoryLayout<lkh_notifier_v1>.size,
    ]

    /// The provider used when configuration names none and several are installed.
    static let defaultProviders: [String: String] = [
        storage: "org.linkstr.storage.sqlite",
        transport: "org.linkstr.transport.relay-pool",
    ]
}
