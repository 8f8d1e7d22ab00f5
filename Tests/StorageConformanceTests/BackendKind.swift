import Foundation
import Testing
import TestSupport

/// The storage plugins the conformance suite runs against.
enum BackendKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, sqlite, postgresql
    /// The plugin written in C (`Plugins/Storage/CMemory`), built with `make c-storage-plugin`.
    case cMemory = "c-memory"

    var pluginID: String { "org.linkstr.storage.\(rawValue)" }
    var testDescription: String { rawValue }

    /// PostgreSQL is tested unless `LINKSTR_TEST_POSTGRESQL=off`; when it is requested and no server can
    /// be started, its tests fail.
    static var postgresqlRequested: Bool { PostgreSQLServer.requested }

    static var tested: [BackendKind] { postgresqlRequested ? allCases : [.memory, .sqlite, .cMemory] }
    static var persistent: [BackendKind] { tested.filter { !$0.keepsRecordsInMemory } }

    /// Memory stores keep one set of records per instance: nothing is shared or survives.
    var keepsRecordsInMemory: Bool { self == .memory || self == .cMemory }
}
