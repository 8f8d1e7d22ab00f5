import LinkstrHost
import LinkstrRuntime

/// The object behind a `linkstr_host *` handed to C: a host put together by `Composition`.
final class EmbeddedHost {
    let host: LinkstrHost
    let configuration: RuntimeConfiguration

    init(host: LinkstrHost, configuration: RuntimeConfiguration) {
        self.host = host
        self.configuration = configuration
    }

    static func from(_ pointer: OpaquePointer?) -> EmbeddedHost? {
        guard let pointer else { return nil }
        return Unmanaged<EmbeddedHost>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
