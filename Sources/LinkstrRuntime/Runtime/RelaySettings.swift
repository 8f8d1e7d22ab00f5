import LinkstrHost

/// The relay list, kept in the storage backend as host-wide records (no owner), so
/// every account of a home and every process sharing the database see the same list.
///
/// The list is a base plus the user's changes. The base is `relays = [...]` of the configuration
/// when it sets any, else the iPhone app's five defaults; it is read from the configuration every
/// time and never copied into storage, so editing config.toml takes effect at the next command. The
/// user's changes are stored per address (``RelayOverride``): relays added, base relays removed or
/// disabled. `reset()` drops the changes. What operations saw of each relay is stored per address
/// too (``RelayOutcome``), whatever the list becomes.
///
/// Thread rule: thread-safe (the backend is); changes are single transactions.
public struct RelaySettings: Sendable {
    /// The iPhone app's defaults.
    public static let defaults = [
        "wss://relay.damus.io", "wss://relay.primal.net", "wss://nos.lol", "wss://nostr.satoshisfrens.win", "wss://relay.snort.social",
    ]

    static let overrideCollection = "relay-change"
    static let outcomeCollection = "relay-status"

    let backend: StorageBackend
    /// The base relays, normalized, without repeats, in the configured order.
    public let base: [String]
    /// `.config` or `.default`.
    public let baseSource: RelaySource

    /// - Parameter configured: `relays = [...]` of the configuration; empty for the defaults.
    public init(backend: StorageBackend, configured: [String]) {
        self.backend = backend
        baseSource = configured.isEmpty ? .default : .config
        var seen = Set<String>()
        base = (configured.isEmpty ? Self.defaults : configured).compactMap(RelayURL.normalize).filter { seen.insert($0).inserted }
    }

    /// The relays, in address order.
    public func list() throws(PluginError) -> [RelayEntry] {
        try migrateSeededList()
        let overrides = try readOverrides()
        let outcomes = try readOutcomes()
        var entries = base.compactMap { url -> RelayEntry? in
            guard overrides[url]?.removed != true else { return nil }
            return RelayEntry(url: url, enabled: overrides[url]?.enabled ?? true, source: baseSource)
        }
        for (url, change) in overrides where change.added && !base.contains(url) {
            entries.append(RelayEntry(url: url, enabled: change.enabled, source: .added))
        }
        for index in entries.indices {
            guard let outcome = outcomes[entries[index].url] else { continue }
            entries[index].status = outcome.status
            entries[index].error = outcome.error
            entries[index].checkedAt = outcome.checkedAt
            entries[index].lastOKAt = outcome.lastOKAt
        }
        return entries.sorted { $0.url < $1.url }
    }

    /// The enabled relays.
    public func enabled() throws(PluginError) -> [RelayEntry] {
        try list().filter(\.enabled)
    }

    /// The base relays the user removed (back with `reset()`, or one by one with `add`).
    public func removedBaseRelays() throws(PluginError) -> [String] {
        try migrateSeededList()
        let overrides = try readOverrides()
        return base.filter { overrides[$0]?.removed == true }
    }

    @discardableResult
    public func add(_ text: String) throws(LinkstrError) -> RelayEntry {
        guard let url = RelayURL.normalize(text) else {
            throw LinkstrError(.badInput, "'\(text)' is not a relay address; enter a valid relay url (ws:// or wss://).")
        }
        guard try !wrap({ () throws(PluginError) in try list() }).contains(where: { $0.url == url }) else {
            throw LinkstrError(.badInput, "\(url) is already in your relay list; see `linkstr relay list`.")
        }
        // A base relay the user removed comes back as a base relay.
        let inBase = base.contains(url)
        try write(url, inBase ? nil : RelayOverride(added: true))
        return RelayEntry(url: url, source: inBase ? baseSource : .added)
    }

    public func remove(_ text: String) throws(LinkstrError) {
        let entry = try find(text)
        try write(entry.url, base.contains(entry.url) ? RelayOverride(removed: true) : nil)
    }

    public func setEnabled(_ text: String, _ enabled: Bool) throws(LinkstrError) {
        let entry = try find(text)
        let added = try wrap { () throws(PluginError) in try readOverrides()[entry.url]?.added ?? false }
        if added {
            try write(entry.url, RelayOverride(added: true, enabled: enabled))
        } else {
            // A base relay enabled again needs no record: it is as the base says.
            try write(entry.url, enabled ? nil : RelayOverride(enabled: false))
        }
    }

    /// Drops the user's changes: the list is the base again.
    public func reset() throws(LinkstrError) {
        try wrap { () throws(PluginError) in
            try migrateSeededList()
            let operations = try backend.query(StorageQuery(owner: [], collection: Self.overrideCollection)).map { record in
                StorageOperation.delete(owner: [], collection: Self.overrideCollection, key: record.key)
            }
            try backend.apply(operations)
        }
    }

    /// Remembers what an operation saw of each relay, in one transaction. A relay's last OK stays
    /// when the operation saw none.
    public func record(_ outcomes: [RelayOutcome]) throws(PluginError) {
        let stored = try readOutcomes()
        try backend.apply(
            outcomes.map { outcome in
                var merged = outcome
                merged.lastOKAt = outcome.lastOKAt ?? stored[outcome.url]?.lastOKAt
                return .put(Self.record(merged))
            })
    }

    /// Remembers a relay's answer to a publish that came, or did not come, after the operation had
    /// recorded the relay: an acceptance as its last OK (what it said wrong before is over), anything
    /// else as its error. Its status stays.
    public func recordAnswer(_ url: String, accepted: Bool, error: String?, at time: Int64) throws(PluginError) {
        var outcome = try readOutcomes()[url] ?? RelayOutcome(url: url, status: RelayStatus.connected.description, checkedAt: time)
        outcome.checkedAt = time
        if accepted {
            outcome.lastOKAt = time
            outcome.error = nil
        } else {
            outcome.error = error
        }
        try backend.apply([.put(Self.record(outcome))])
    }

    // MARK: Records

    private func find(_ text: String) throws(LinkstrError) -> RelayEntry {
        let url = RelayURL.normalize(text) ?? text
        guard let entry = try wrap({ () throws(PluginError) in try list() }).first(where: { $0.url == url }) else {
            throw LinkstrError(.badInput, "\(text) is not in your relay list; see `linkstr relay list`.")
        }
        return entry
    }

    /// Stores the user's change for `url`, or removes it (nil).
    private func write(_ url: String, _ change: RelayOverride?) throws(LinkstrError) {
        let operation: StorageOperation = change.map { .put(Self.record(url, $0)) }
            ?? .delete(owner: [], collection: Self.overrideCollection, key: Array(url.utf8))
        try wrap { () throws(PluginError) in try backend.apply([operation]) }
    }

    private func wrap<Value>(_ body: () throws(PluginError) -> Value) throws(LinkstrError) -> Value {
        do {
            return try body()
        } catch {
            throw LinkstrError(.storage, error.message)
        }
    }

    /// The user's changes by address (a damaged record counts as none).
    func readOverrides() throws(PluginError) -> [String: RelayOverride] {
        var overrides: [String: RelayOverride] = [:]
        for record in try backend.query(StorageQuery(owner: [], collection: Self.overrideCollection)) {
            overrides[String(decoding: record.key, as: UTF8.self)] = try? Self.override(from: record.value)
        }
        return overrides
    }

    /// The last outcome by address (a damaged record counts as none).
    private func readOutcomes() throws(PluginError) -> [String: RelayOutcome] {
        var outcomes: [String: RelayOutcome] = [:]
        for record in try backend.query(StorageQuery(owner: [], collection: Self.outcomeCollection)) {
            let url = String(decoding: record.key, as: UTF8.self)
            outcomes[url] = try? Self.outcome(url, from: record.value)
        }
        return outcomes
    }

    static func override(from value: [UInt8]) throws(RecordValueError) -> RelayOverride {
        var reader = try RecordValueReader(value)
        return RelayOverride(added: try reader.bool(), removed: try reader.bool(), enabled: try reader.bool())
    }

    static func outcome(_ url: String, from value: [UInt8]) throws(RecordValueError) -> RelayOutcome {
        var reader = try RecordValueReader(value)
        let status = try reader.string()
        let error = try reader.optionalString()
        let timeKnown = try reader.bool()
        let time = try reader.int64()
        var outcome = RelayOutcome(url: url, status: status, error: error, checkedAt: timeKnown ? time : nil)
        if reader.version >= 2, try reader.bool() { outcome.lastOKAt = try reader.int64() }
        return outcome
    }

    static func record(_ url: String, _ change: RelayOverride) -> StoredRecord {
        var writer = RecordValueWriter(version: 1)
        writer.bool(change.added)
        writer.bool(change.removed)
        writer.bool(change.enabled)
        return StoredRecord(owner: [], collection: overrideCollection, key: Array(url.utf8), value: writer.bytes)
    }

    static func record(_ outcome: RelayOutcome) -> StoredRecord {
        var writer = RecordValueWriter(version: 2)
        writer.string(outcome.status)
        writer.optionalString(outcome.error)
        writer.bool(outcome.checkedAt != nil)
        writer.int64(outcome.checkedAt ?? 0)
        writer.bool(outcome.lastOKAt != nil)
        if let lastOKAt = outcome.lastOKAt { writer.int64(lastOKAt) }
        return StoredRecord(owner: [], collection: outcomeCollection, key: Array(outcome.url.utf8), value: writer.bytes)
    }
}
