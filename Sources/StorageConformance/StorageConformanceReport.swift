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
}

/// The report as `linkstr-storage-conformance` prints it and `linkstr plugins conformance --json`
/// shows it: `{"id","path","passed","checks":[{"name","passed","failures","skipped"?}]}`.
extension StorageConformanceReport: Encodable {
    private enum Keys: String, CodingKey {
        case id, path, passed, checks, name, failures, skipped
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try object.encode(pluginID, forKey: .id)
        try object.encode(path, forKey: .path)
        try object.encode(passed, forKey: .passed)
        var checks = object.nestedUnkeyedContainer(forKey: .checks)
        for outcome in outcomes {
            var check = checks.nestedContainer(keyedBy: Keys.self)
            try check.encode(outcome.check, forKey: .name)
            try check.encode(outcome.passed, forKey: .passed)
            try check.encode(outcome.failures, forKey: .failures)
            try check.encodeIfPresent(outcome.skipped, forKey: .skipped)
        }
    }
}
