import Foundation
import LinkstrHost
import LinkstrPluginKit
import PluginABI

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

    /// JSON text of a value made of arrays, dictionaries, strings and numbers.
    static func json(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "null"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
