import PluginABI

/// A plugin that passed every load-time check: its descriptor, copied into Swift values, and the
/// descriptor pointer itself (static in the plugin, valid forever since plugins are never unloaded).
/// A plugin registered in-process (no file) has the path `in-process:<id>` and no file id.
public struct LoadedPlugin: @unchecked Sendable {
    public let path: String
    public let id: String
    public let name: String
    public let version: String
    public let abiMinor: UInt32
    public let provides: [String]
    public let requires: [String]
    public let builtWith: String?
    /// The event kinds it asks the signer service to sign (`signer_kinds`, ABI 1.2).
    public let signerKinds: Set<Int>
    public let descriptor: UnsafePointer<lkh_plugin_desc>
    let fileID: FileID?

    /// The `path` of a plugin registered in-process.
    static let inProcessPathPrefix = "in-process:"
}
