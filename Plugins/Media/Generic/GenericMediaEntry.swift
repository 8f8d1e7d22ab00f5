import LinkstrMediaKit
import PluginABI

/// The entry point of liblinkstr-plugin-media-generic.so: every other http(s) link
/// (`org.linkstr.media.generic`).
@_cdecl("lkh_plugin_entry")
public func lkhPluginEntry(_ hostMajor: UInt32, _ hostMinor: UInt32) -> UnsafePointer<lkh_plugin_desc>? {
    hostMajor == LKH_ABI_MAJOR ? MediaPluginDescriptors.generic.pointer : nil
}
