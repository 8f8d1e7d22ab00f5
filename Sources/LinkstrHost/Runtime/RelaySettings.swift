import LinkstrPluginKit

/// The relay list (wire spec §9.1), kept in the storage backend as host-wide records (no owner), so
/// every account of a home and every process sharing the database see the same list.
///
/// First use seeds it with `relays = [...]` from the configuration, or else the iPhone app's five
/// defaults; `reset()` seeds it again. A list the user emptied stays empty.
///
/// Thread rule: thread-safe (the backend is); changes are single transactions.
public struct RelaySettings: Sendable {
    /// The iPhone app's defaults (wire spec §9.1).
    public static let defaults = [
        "wss://relay.damus.io", "wss://relay.primal.net", "wss://nos.lol", "wss://nostr.satoshisfrens.win", "wss://relay.snort.social",
    ]

    static let collection = "relay"
    static let seededMarker = StoredRecord(owner: [], collection: "host-state", key: Array("relays-seeded".utf8))

    let backend: StorageBackend
    /// What the list starts as, and what `reset()` restores.
    let seed: [String]

    public init(backend: StorageBackend, configured: [String]) {
        self.backend = backend
        seed = configured.isEmpty ? Self.defaults : configured
    }

    /// The relays, in address order, seeding the list on first use.
    public func list() throws(PluginError) -> [RelayEntry] {
        if try backend.get(owner: [], collection: Self.seededMarker.collection, key: Self.seededMarker.key) == nil {
            try reseed()
        }
        return try backend.query(StorageQuery(owner: [], collection: Self.collection)).compactMap(Self.entry(from:))
            .sorted { $0.url < $1.url }
    }

    /// The enabled relays.
    public func enabled() throws(PluginError) -> [RelayEntry] {
        try list().filter(\.enabled)
    }

    public func add(_ text: String) throws(RelaySettingsError) -> RelayEntry {
        let url = try RelayURL.normalize(text)
        let existing = try wrap { () throws(PluginError) in try list() }
        guard !existing.contains(where: { $0.url == url }) else { throw RelaySettingsError("that relay is already in your list.", badInput: true) }
        let entry = RelayEntry(url: url)
        try wrap { () throws(PluginError) in try backend.apply([.put(Self.record(entry))]) }
        return entry
    }

    public func remove(_ text: String) throws(RelaySettingsError) {
        let entry = try find(text)
        try wrap { () throws(PluginError) in try backend.apply([.delete(owner: [], collection: Self.collection, key: Array(entry.url.utf8))]) }
    }

    public func setEnabled(_ text: String, _ enabled: Bool) throws(RelaySettingsError) {
        var entry = try find(text)
        entry.enabled = enabled
        try wrap { () throws(PluginError) in try backend.apply([.put(Self.record(entry))]) }
    }

    /// Replaces the list with the seed.
    public func reset() throws(RelaySettingsError) {
        try wrap { () throws(PluginError) in try reseed() }
    }

    /// Remembers what a connecting command saw, for `relay list`.
    /// Remembers what a connecting command saw of each relay, in one read and one transaction.
    public func recordStatuses(_ states: [RelayState]) throws(PluginError) {
        let byURL = Dictionary(states.map { ($0.url, $0) }, uniquingKeysWith: { $1 })
        let updates = try list().compactMap { entry -> StorageOperation? in
            guard let state = byURL[entry.url] else { return nil }
            var updated = entry
            updated.status = state.status.description
            updated.error = state.error
            return .put(Self.record(updated))
        }
        try backend.apply(updates)
    }

    // MARK: Records

    private func reseed() throws(PluginError) {
        var operations: [StorageOperation] = [.put(Self.seededMarker)]
        for record in try backend.query(StorageQuery(owner: [], collection: Self.collection)) {
            operations.append(.delete(owner: [], collection: Self.collection, key: record.key))
        }
        for url in seed {
            guard let normalized = try? RelayURL.normalize(url) else { continue }
            operations.append(.put(Self.record(RelayEntry(url: normalized))))
        }
        try backend.apply(operations)
    }

    private func find(_ text: String) throws(RelaySettingsError) -> RelayEntry {
        let url = (try? RelayURL.normalize(text)) ?? text
        guard let entry = try wrap({ () throws(PluginError) in try list() }).first(where: { $0.url == url }) else {
            throw RelaySettingsError("\(text) is not in your relay list; see `linkstr relay list`.", badInput: true)
        }
        return entry
    }

    private func wrap<Value>(_ body: () throws(PluginError) -> Value) throws(RelaySettingsError) -> Value {
        do {
            return try body()
        } catch {
            throw RelaySettingsError(error.message)
        }
    }

    static func record(_ entry: RelayEntry) -> StoredRecord {
        var writer = RecordValueWriter(version: 1)
        writer.bool(entry.enabled)
        writer.optionalString(entry.status)
        writer.optionalString(entry.error)
        return StoredRecord(owner: [], collection: collection, key: Array(entry.url.utf8), flags: entry.enabled ? 1 : 0, value: writer.bytes)
    }

    /// The entry a record holds, or nil when its value is damaged (such a relay is left out).
    static func entry(from record: StoredRecord) -> RelayEntry? {
        do {
            var reader = try RecordValueReader(record.value)
            return RelayEntry(
                url: String(decoding: record.key, as: UTF8.self), enabled: try reader.bool(), status: try reader.optionalString(),
                error: try reader.optionalString())
        } catch {
            return nil
        }
    }
}
