import LinkstrHost

/// One check of the storage contract (linkstr_plugin.h, "Capability: storage"): a name a person can
/// read in a report, and a body that runs against one freshly opened, empty store.
///
/// Thread rule: a value type; `run(on:)` may run concurrently for different stores.
public struct StorageConformanceCheck: Sendable {
    public let name: String
    /// Whether it needs records to outlive an instance (a second instance, another process): a store
    /// that describes itself with `"persistent":false` skips it.
    public let needsPersistence: Bool
    let body: @Sendable (StorageConformanceContext) throws -> Void

    init(_ name: String, needsPersistence: Bool = false, _ body: @escaping @Sendable (StorageConformanceContext) throws -> Void) {
        self.name = name
        self.needsPersistence = needsPersistence
        self.body = body
    }

    /// Why the check does not apply to `backend`, or nil when it does.
    public func skipReason(on backend: StorageBackend) -> String? {
        guard needsPersistence, !backend.describesItselfPersistent else { return nil }
        return "the store describes itself as not persistent (\"persistent\":false)"
    }

    /// Runs the check on `backend` (opened, with no records of the owners the check makes up) and
    /// returns what failed, one sentence each; empty when the store conforms.
    ///
    /// - Parameter opener: opens more instances on `backend`'s location, for the checks of what
    ///   instances share and what survives one (they fail without it, unless the store describes
    ///   itself as not persistent).
    /// - Parameter writer: starts other processes that write into the store, for the checks of
    ///   processes (they fail without it, unless the store is not persistent).
    public func run(on backend: StorageBackend, opener: StorageOpener? = nil, writer: StorageWriterProcess? = nil) -> [String] {
        guard skipReason(on: backend) == nil else { return [] }
        let context = StorageConformanceContext(backend: backend, opener: opener, writer: writer)
        do {
            try body(context)
        } catch {
            context.fail("stopped by an unexpected error: \(error)")
        }
        return context.failures
    }
}
