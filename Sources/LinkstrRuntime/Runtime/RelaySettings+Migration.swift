import LinkstrHost

extension RelaySettings {
    /// Where earlier versions kept the whole list: a copy of the base taken on first use (collection
    /// `relay`: enabled flag, status and error per address), marked done by `relays-seeded`.
    static let seededCollection = "relay"
    static let seededMarker = StoredRecord(owner: [], collection: "host-state", key: Array("relays-seeded".utf8))

    /// Turns a list stored by an earlier version into changes on top of the base, once, in one
    /// transaction (the copied list and its marker go):
    /// - a stored relay the base lists is a plain base relay (a change only when it was disabled);
    /// - when the base is config.toml's relays, a stored relay that is one of the defaults is dropped:
    ///   it was copied from them, and earlier versions ignored relays set in config.toml after the
    ///   copy was taken — config.toml now replaces the defaults, as it says;
    /// - any other stored relay the base does not list is one the user added (enabled or not);
    /// - a base relay missing from the stored list was removed by the user when the base is the
    ///   defaults (the copy was taken from them), and is listed when the base is config.toml's;
    /// - each stored status and error is kept, without a time (none was recorded).
    func migrateSeededList() throws(PluginError) {
        let marker = Self.seededMarker
        guard try backend.get(owner: marker.owner, collection: marker.collection, key: marker.key) != nil else { return }
        var operations: [StorageOperation] = [.delete(owner: marker.owner, collection: marker.collection, key: marker.key)]
        var stored = Set<String>()
        for record in try backend.query(StorageQuery(owner: [], collection: Self.seededCollection)) {
            operations.append(.delete(owner: [], collection: Self.seededCollection, key: record.key))
            let url = String(decoding: record.key, as: UTF8.self)
            guard let (enabled, status, error) = try? Self.seededEntry(from: record.value) else { continue }
            stored.insert(url)
            if !base.contains(url) {
                guard baseSource == .default || !Self.defaults.contains(url) else { continue }
                operations.append(.put(Self.record(url, RelayOverride(added: true, enabled: enabled))))
            } else if !enabled {
                operations.append(.put(Self.record(url, RelayOverride(enabled: false))))
            }
            if let status {
                operations.append(.put(Self.record(RelayOutcome(url: url, status: status, error: error, checkedAt: nil))))
            }
        }
        if baseSource == .default {
            for url in base where !stored.contains(url) {
                operations.append(.put(Self.record(url, RelayOverride(removed: true))))
            }
        }
        try backend.apply(operations)
    }

    private static func seededEntry(from value: [UInt8]) throws(RecordValueError) -> (enabled: Bool, status: String?, error: String?) {
        var reader = try RecordValueReader(value)
        return (try reader.bool(), try reader.optionalString(), try reader.optionalString())
    }
}
