import LinkstrPluginKit
import PluginABI

extension Capability where VTable == lkh_media_provider_v1 {
    /// The provider's `resolve` function (ABI 1.1), or nil when its vtable predates it or leaves it
    /// NULL. The field is read only after its presence is checked against `struct_size`.
    var resolveFunction: (@convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UInt32, lkh_done_fn?, UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<lkh_error>?
    ) -> lkh_status)? {
        guard StructSize.contains(vtable.pointee.struct_size, \lkh_media_provider_v1.resolve) else { return nil }
        return vtable.pointee.resolve
    }
}
