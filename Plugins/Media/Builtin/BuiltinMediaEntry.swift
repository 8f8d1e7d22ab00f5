import LinkstrMediaKit
import PluginABI

/// The entry point of liblinkstr-plugin-media.so: the six named providers (`org.linkstr.media.builtin`).
@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ hostMajor: UInt32, _ hostMinor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    hostMajor == LKH_ABI_MAJOR ? MediaPluginDescriptors.builtin.pointer : nil
}
