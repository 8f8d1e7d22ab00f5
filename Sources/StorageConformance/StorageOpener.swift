import LinkstrHost
import LinkstrPluginKit

/// Opens another instance of the store under test on the same location (the same file, the same
/// server), for the checks of what instances share and what survives one.
public struct StorageOpener: Sendable {
    /// One opened instance; `close` destroys it.
    public struct Opened: Sendable {
        public let backend: StorageBackend
        public let close: @Sendable () -> Void

        public init(backend: StorageBackend, close: @escaping @Sendable () -> Void) {
            self.backend = backend
            self.close = close
        }
    }

    private let body: @Sendable () throws(PluginError) -> Opened

    public init(_ body: @escaping @Sendable () throws(PluginError) -> Opened) {
        self.body = body
    }

    /// A new, opened instance.
    public func open() throws(PluginError) -> Opened {
        try body()
    }
}
