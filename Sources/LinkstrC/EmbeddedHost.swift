import LinkstrHost

/// The object behind a `linkstr_host *` handed to C.
final class EmbeddedHost {
    let host: LinkstrHost

    init(host: LinkstrHost) {
        self.host = host
    }

    static func from(_ pointer: OpaquePointer?) -> EmbeddedHost? {
        guard let pointer else { return nil }
        return Unmanaged<EmbeddedHost>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
