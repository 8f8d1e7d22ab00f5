import Glibc
import PluginABI

/// Builds the static `lkh_plugin_desc` a Swift plugin returns from `lkh_plugin_entry`.
///
/// The descriptor and its strings are allocated once and never freed: the ABI requires them to
/// outlive every use, and plugins are never unloaded. Keep the result in a global `let` so that it
/// is built once (Swift globals are initialized lazily and thread-safely):
///
/// ```swift
/// private let descriptor = PluginDescriptor.make(
///     id: "org.example.storage.demo", name: "Demo storage", version: "1.0.0",
///     provides: [LKH_CAP_STORAGE_V1], create: { host, out, err in … }, destroy: { … },
///     getCapability: { … })
///
/// @_cdecl("lkh_plugin_entry")
/// public func lkhPluginEntry(_ major: UInt32, _ minor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
///     major == LKH_ABI_MAJOR ? descriptor.pointer : nil
/// }
/// ```
public struct PluginDescriptor: @unchecked Sendable {
    public let pointer: UnsafePointer<lkh_plugin_desc>

    public typealias CreateFunction = @convention(c) (
        UnsafePointer<lkh_host>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<lkh_error>?
    ) -> lkh_status
    public typealias DestroyFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void
    public typealias CapabilityFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) ->
        UnsafeRawPointer?

    public static func make(
        id: String, name: String, version: String, provides: [String], requires: [String] = [], signerKinds: [UInt32] = [],
        create: CreateFunction, destroy: DestroyFunction, getCapability: CapabilityFunction
    ) -> PluginDescriptor {
        let descriptor = UnsafeMutablePointer<lkh_plugin_desc>.allocate(capacity: 1)
        descriptor.initialize(to: lkh_plugin_desc())
        descriptor.pointee.struct_size = UInt32(MemoryLayout<lkh_plugin_desc>.size)
        descriptor.pointee.abi_major = LKH_ABI_MAJOR
        descriptor.pointee.abi_minor = LKH_ABI_MINOR
        descriptor.pointee.id = UnsafePointer(strdup(id))
        descriptor.pointee.name = UnsafePointer(strdup(name))
        descriptor.pointee.version = UnsafePointer(strdup(version))
        descriptor.pointee.provides = permanentStringArray(provides)
        descriptor.pointee.requires = requires.isEmpty ? nil : permanentStringArray(requires)
        descriptor.pointee.create = create
        descriptor.pointee.destroy = destroy
        descriptor.pointee.get_capability = getCapability
        descriptor.pointee.built_with = UnsafePointer(strdup(toolchain))
        if !signerKinds.isEmpty {
            let kinds = UnsafeMutablePointer<UInt32>.allocate(capacity: signerKinds.count)
            kinds.initialize(from: signerKinds, count: signerKinds.count)
            descriptor.pointee.signer_kinds = UnsafePointer(kinds)
            descriptor.pointee.signer_kind_count = UInt32(signerKinds.count)
        }
        return PluginDescriptor(pointer: UnsafePointer(descriptor))
    }

    /// A NULL-terminated C array of C strings that lives until the process exits.
    private static func permanentStringArray(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() {
            array[index] = UnsafePointer(strdup(string))
        }
        array[strings.count] = nil
        return UnsafePointer(array)
    }

    private static var toolchain: String {
        #if compiler(>=6.3)
        "swift-6.3"
        #else
        "swift"
        #endif
    }
}
