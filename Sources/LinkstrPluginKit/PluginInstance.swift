import PluginABI

/// One created instance of a plugin: the `void *` its `create` returned, the host table it was given,
/// and its capability vtables.
///
/// Thread rule: `capability(_:as:)` is thread-safe; `destroy()` is a host-thread call that must not
/// run concurrently with calls through the instance's capabilities. `destroy()` runs at most once and
/// also runs on deinit.
public final class PluginInstance: @unchecked Sendable {
    public let pluginID: String
    public let descriptor: UnsafePointer<lkh_plugin_desc>
    private let rawInstance: UnsafeMutableRawPointer?
    private let hostTable: HostServicesTable
    private var destroyed = false

    /// Calls the descriptor's `create` with a host table backed by `provider`.
    ///
    /// - Throws: `PluginError` carrying the plugin's own status and message when `create` fails.
    public init(descriptor: UnsafePointer<lkh_plugin_desc>, provider: any HostServiceProvider) throws(PluginError) {
        self.descriptor = descriptor
        self.pluginID = descriptor.pointee.id.map { String(cString: $0) } ?? "?"
        let table = HostServicesTable(provider: provider)
        guard let create = descriptor.pointee.create else {
            throw PluginError(.invalid, "plugin '\(pluginID)' has no create function")
        }
        var instance: UnsafeMutableRawPointer?
        var error = LKHErrorSlot.make()
        let status = create(table.pointer, &instance, &error)
        guard status == LKH_OK else {
            let failure = PluginError(status: status, error: &error)
            throw PluginError(failure.status, "plugin '\(pluginID)' failed to start: \(failure)")
        }
        self.rawInstance = instance
        self.hostTable = table
    }

    /// The vtable of `capabilityID`, checked to be at least `MemoryLayout<VTable>.size` bytes long (the
    /// size this host was compiled against).
    ///
    /// - Throws: `.unsupported` when the plugin returns no vtable, `.invalid` when the vtable is shorter
    ///   than the host needs.
    public func capability<VTable>(_ capabilityID: String, as _: VTable.Type) throws(PluginError) -> Capability<VTable> {
        let vtable = try vtable(capabilityID, requiredSize: MemoryLayout<VTable>.size)
        return Capability(instance: self, rawInstance: rawInstance, vtable: vtable.assumingMemoryBound(to: VTable.self))
    }

    /// The vtable of `capabilityID`, checked to be at least `minimumSize` bytes long: for capabilities
    /// whose vtable grew in a later ABI minor, the size of the oldest layout this host still accepts.
    /// Fields beyond `minimumSize` must then be read only after `StructSize.contains` says they exist.
    ///
    /// - Throws: `.unsupported` when the plugin returns no vtable, `.invalid` when it is shorter than
    ///   `minimumSize`.
    public func capability<VTable>(_ capabilityID: String, as _: VTable.Type, minimumSize: Int) throws(PluginError) -> Capability<VTable> {
        let vtable = try vtable(capabilityID, requiredSize: min(minimumSize, MemoryLayout<VTable>.size))
        return Capability(instance: self, rawInstance: rawInstance, vtable: vtable.assumingMemoryBound(to: VTable.self))
    }

    /// The raw vtable of `capabilityID`, whose leading `struct_size` must be at least `requiredSize`.
    public func vtable(_ capabilityID: String, requiredSize: Int) throws(PluginError) -> UnsafeRawPointer {
        guard let getCapability = descriptor.pointee.get_capability,
            let vtable = getCapability(rawInstance, capabilityID)
        else {
            throw PluginError(.unsupported, "plugin '\(pluginID)' returned no vtable for \(capabilityID)")
        }
        let declaredSize = vtable.load(as: UInt32.self)
        guard Int(declaredSize) >= requiredSize else {
            throw PluginError(
                .invalid,
                "plugin '\(pluginID)' has a \(capabilityID) vtable of \(declaredSize) bytes, shorter than the \(requiredSize) bytes this host needs; rebuild the plugin against this linkstr_plugin.h"
            )
        }
        return vtable
    }

    /// Calls the plugin's `destroy`. Idempotent.
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        descriptor.pointee.destroy?(rawInstance)
    }

    deinit {
        destroy()
    }
}

/// A capability vtable together with the instance pointer its functions take. Holds the instance
/// alive.
public struct Capability<VTable>: @unchecked Sendable {
    public let instance: PluginInstance
    public let rawInstance: UnsafeMutableRawPointer?
    public let vtable: UnsafePointer<VTable>

    public var pluginID: String { instance.pluginID }
}
