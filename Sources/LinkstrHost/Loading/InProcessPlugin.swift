import PluginABI

/// A plugin compiled into this process (its descriptor, not a file), loaded with the discovered ones:
/// a test's fake relay, or a program's own transport.
///
/// Sendable because a descriptor is a static table that is never changed after it is made.
public struct InProcessPlugin: @unchecked Sendable {
    public let descriptor: UnsafePointer<lkh_plugin_desc>

    public init(_ descriptor: UnsafePointer<lkh_plugin_desc>) {
        self.descriptor = descriptor
    }
}
