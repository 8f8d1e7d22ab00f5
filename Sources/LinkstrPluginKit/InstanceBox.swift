/// Passes a Swift object through the ABI's `void *instance` and back.
///
/// `retain` hands out a +1 reference (the instance pointer a plugin returns from `create`); `borrow`
/// reads it in every vtable call; `release` drops it in `destroy`. Only the plugin that made the
/// pointer may read it: Swift types are not the same type in two images.
public enum InstanceBox {
    public static func retain<Object: AnyObject>(_ object: Object) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    public static func borrow<Object: AnyObject>(_ pointer: UnsafeMutableRawPointer?, as _: Object.Type) -> Object {
        Unmanaged<Object>.fromOpaque(pointer!).takeUnretainedValue()
    }

    public static func release<Object: AnyObject>(_ pointer: UnsafeMutableRawPointer?, as _: Object.Type) {
        guard let pointer else { return }
        Unmanaged<Object>.fromOpaque(pointer).release()
    }
}
