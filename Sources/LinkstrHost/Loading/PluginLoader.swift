import Glibc
import LinkstrPluginKit
import PluginABI

/// Opens a plugin file and validates its descriptor (linkstr_plugin.h).
///
/// The order matters: permission checks, then `dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)` (never
/// unloaded: unloading a Swift image crashes the runtime later), then the entry symbol, the ABI major,
/// and the descriptor's fields.
public enum PluginLoader {
    /// The host service ids this host can provide to plugins that `require` them.
    public static let offeredServices: Set<String> = [LKH_SERVICE_SIGNER_V1]


    /// - Parameter willStart: called before each stage (`plugins check` reports the stage a crash
    ///   happened in).
    public static func load(path: String, willStart: (PluginLoadError.Stage) -> Void = { _ in }) throws(PluginLoadError) -> LoadedPlugin {
        willStart(.permissions)
        let (canonicalPath, fileID) = try PluginFileCheck.check(path)
        willStart(.dlopen)

        guard let handle = dlopen(canonicalPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw PluginLoadError(path: path, stage: .dlopen, reason: "not a loadable shared library: \(reason)")
        }
        guard let symbol = dlsym(handle, LKH_ENTRY_SYMBOL) else {
            throw PluginLoadError(
                path: path, stage: .entry,
                reason: "not a linkstr plugin: it exports no \(LKH_ENTRY_SYMBOL) function")
        }
        let entry = unsafeBitCast(symbol, to: lkh_plugin_entry_fn.self)
        willStart(.entry)
        guard let descriptor = entry(LKH_ABI_MAJOR, LKH_ABI_MINOR) else {
            throw PluginLoadError(
                path: path, stage: .entry,
                reason: "the plugin refused this host's ABI \(LKH_ABI_MAJOR).\(LKH_ABI_MINOR) (its entry returned NULL)")
        }
        willStart(.validate)
        return try validate(descriptor, path: canonicalPath, fileID: fileID)
    }

    /// Validates a descriptor that is already in this process (a plugin linked into the program or a
    /// test, such as PluginTesting's fake relay) exactly as a loaded file's; its path is
    /// `in-process:<id>`.
    public static func load(inProcess descriptor: UnsafePointer<lkh_plugin_desc>) throws(PluginLoadError) -> LoadedPlugin {
        let hasID = StructSize.contains(descriptor.pointee.struct_size, \lkh_plugin_desc.id)
        let id = hasID ? descriptor.pointee.id.map { String(cString: $0) } : nil
        return try validate(descriptor, path: LoadedPlugin.inProcessPathPrefix + (id ?? "?"), fileID: nil)
    }

    static func validate(_ descriptor: UnsafePointer<lkh_plugin_desc>, path: String, fileID: FileID?) throws(PluginLoadError) -> LoadedPlugin {
        let d = descriptor.pointee
        let minimumSize = MemoryLayout<lkh_plugin_desc>.offset(of: \lkh_plugin_desc.built_with)!
        guard Int(d.struct_size) >= minimumSize else {
            throw PluginLoadError(path: path, stage: .validate, reason: "descriptor of \(d.struct_size) bytes is smaller than ABI 1.0's \(minimumSize)")
        }
        let id = d.id.map { String(cString: $0) }
        func fail(_ reason: String) -> PluginLoadError {
            PluginLoadError(path: path, pluginID: id, stage: .validate, reason: reason)
        }
        guard d.abi_major == LKH_ABI_MAJOR else {
            throw fail("built for plugin ABI \(d.abi_major).\(d.abi_minor), but this host speaks ABI \(LKH_ABI_MAJOR).x; rebuild it against this linkstr_plugin.h")
        }
        guard let id, isReverseDNS(id) else {
            throw fail("plugin id '\(id ?? "")' is not a reverse-DNS name like org.example.thing")
        }
        guard d.create != nil, d.destroy != nil, d.get_capability != nil else {
            throw fail("the descriptor lacks create, destroy or get_capability")
        }
        let provides = strings(d.provides)
        guard !provides.isEmpty else { throw fail("it provides no capability") }
        if let bad = provides.first(where: { !isCapabilityID($0) }) {
            throw fail("capability id '\(bad)' is not of the form org.example.thing/1")
        }
        let requires = strings(d.requires)
        if let missing = requires.first(where: { !offeredServices.contains($0) }) {
            throw fail("it requires host service '\(missing)', which this host does not offer")
        }
        let builtWith = StructSize.contains(d.struct_size, \lkh_plugin_desc.built_with) ? d.built_with.map { String(cString: $0) } : nil
        var signerKinds = Set<Int>()
        if StructSize.contains(d.struct_size, \lkh_plugin_desc.signer_kind_count), let kinds = d.signer_kinds {
            signerKinds = Set(UnsafeBufferPointer(start: kinds, count: Int(d.signer_kind_count)).map(Int.init))
        }
        if requires.contains(LKH_SERVICE_SIGNER_V1), signerKinds.isEmpty {
            throw fail("it requires the signer service but declares no signer_kinds (the event kinds it signs)")
        }
        return LoadedPlugin(
            path: path, id: id,
            name: d.name.map { String(cString: $0) } ?? id,
            version: d.version.map { String(cString: $0) } ?? "0.0.0",
            abiMinor: d.abi_minor, provides: provides, requires: requires, builtWith: builtWith, signerKinds: signerKinds,
            descriptor: descriptor, fileID: fileID)
    }

    /// `[a-z0-9-]+(.[a-z0-9-]+)+`: at least two dot-separated labels of lowercase letters, digits and `-`.
    static func isReverseDNS(_ id: String) -> Bool {
        let labels = id.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        }
    }

    /// A reverse-DNS name, a slash and a major version: `org.linkstr.storage/1`.
    static func isCapabilityID(_ id: String) -> Bool {
        guard let slash = id.lastIndex(of: "/") else { return false }
        let version = id[id.index(after: slash)...]
        return isReverseDNS(String(id[..<slash])) && !version.isEmpty && version.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let array else { return [] }
        var result: [String] = []
        var index = 0
        while let string = array[index] {
            result.append(String(cString: string))
            index += 1
        }
        return result
    }
}
