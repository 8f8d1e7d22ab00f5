import LinkstrHost
import LinkstrPluginKit
import PluginABI

extension FakeHost {
    /// Loads a plugin file through the real loader (permission checks, dlopen, validation) and creates
    /// one instance of it served by this fake host.
    public func load(path: String) throws -> PluginInstance {
        let plugin = try PluginLoader.load(path: path)
        return try PluginInstance(descriptor: plugin.descriptor, provider: self)
    }

    /// Creates an instance from a descriptor already in this process (a plugin linked into the test).
    public func load(descriptor: UnsafePointer<lkh_plugin_desc>) throws -> PluginInstance {
        try PluginInstance(descriptor: descriptor, provider: self)
    }
}
