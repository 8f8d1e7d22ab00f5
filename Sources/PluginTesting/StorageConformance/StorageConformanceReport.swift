/// The outcome of the conformance checks on one storage plugin. A value type: thread-safe.
public struct StorageConformanceReport: Sendable {
    /// One check and what failed in it (empty when it passed).
    public struct Outcome: Sendable {
        public var check: String
        public var failures: [String]
        /// Why the check did not apply (it passed without running), or nil.
        public var skipped: String?

        public var passed: Bool { failures.isEmpty }
    }

    public var pluginID: String
    public var path: String
    public var outcomes: [Outcome]

    public var passed: Bool { outcomes.allSatisfy(\.passed) }
    public var failedChecks: [String] { outcomes.filter { !$0.passed }.map(\.check) }
}
