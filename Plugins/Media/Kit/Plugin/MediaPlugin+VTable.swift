import LinkstrPluginKit
import PluginABI

extension MediaPlugin {
    /// The `lkh_media_provider_v1` vtable: C entry points that find the instance and forward. None of
    /// them lets a Swift error or trap cross the boundary: bad arguments become `LKH_E_INVALID`.
    static func makeVTable(priority: Int32) -> lkh_media_provider_v1 {
        var vtable = lkh_media_provider_v1()
        vtable.struct_size = UInt32(MemoryLayout<lkh_media_provider_v1>.size)
        vtable.priority = priority
        vtable.classify = { instance, url, out, error in
            guard let instance, let url, let out,
                Int(out.pointee.struct_size) >= MemoryLayout<lkh_media_classification>.size
            else {
                LKHErrorSlot.write(error, .invalid, "classify needs a URL and a lkh_media_classification of the 1.0 size")
                return LKH_E_INVALID
            }
            return InstanceBox.borrow(instance, as: MediaPlugin.self).classify(url, into: out, error: error)
        }
        return vtable
    }
}
