import LinkstrHost
import PluginTesting
import StorageConformance
import Testing

/// The storage contract (linkstr_plugin.h, "Capability: storage"): every check of
/// `StorageConformance` — the ones `linkstr plugins conformance` runs — against every backend,
/// the C plugin included.
@Suite("Storage conformance")
struct ConformanceTests {
    @Test("every conformance check", arguments: BackendKind.tested, StorageConformance.checks)
    func conformance(kind: BackendKind, check: StorageConformanceCheck) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        for failure in check.run(on: store.backend, opener: store.opener, writer: try store.writer) {
            Issue.record("\(check.name): \(failure)")
        }
    }

    @Test("the plugin names its backend and schema", arguments: BackendKind.tested)
    func describe(kind: BackendKind) throws {
        let store = try TestStore.open(kind)
        defer { store.close() }
        let description = try #require(store.backend.describe())
        #expect(description.contains("\"backend\":\"\(kind.rawValue)\""))
        if kind == .sqlite { #expect(description.contains("\"schema_version\":4")) }
        if kind == .postgresql { #expect(description.contains("\"schema_version\":2")) }
    }
}

extension StorageConformanceCheck: CustomTestStringConvertible {
    public var testDescription: String { name }
}
